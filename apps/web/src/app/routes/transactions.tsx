import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { useCompany } from '@/features/account/api/get-company';
import { useCredits } from '@/features/credits/api/get-credits';
import { useTransactions } from '@/features/credits/api/get-transactions';
import { BuyCredits } from '@/features/credits/components/buy-credits';
import { CheckoutOutcome } from '@/features/credits/components/checkout-outcome';
import { CreditsSummary } from '@/features/credits/components/credits-summary';
import { TransactionsTable } from '@/features/credits/components/transactions-table';

/** Credits, Buy Credits (only with a company country, spec §4) and the ledger, newest first. */
export function TransactionsRoute() {
  const credits = useCredits();
  const company = useCompany();
  const transactions = useTransactions();
  const canPurchase = (company.data?.country ?? '') !== '';
  // The payment provider's checkout sends the buyer back here with the outcome.
  const checkout = useSearchParams()[0].get('checkout');

  return (
    <Box>
      <PageTitle>Transactions</PageTitle>
      <CheckoutOutcome outcome={checkout} />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems={{ md: 'center' }}>
          <CreditsSummary credits={credits.data?.credits ?? 0} />
          <Box sx={{ flex: 1 }}>{company.isSuccess && <BuyCredits canPurchase={canPurchase} />}</Box>
        </Stack>
      </Paper>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Your Transactions
      </Typography>
      <TransactionsTable transactions={transactions.data ?? []} />
    </Box>
  );
}
