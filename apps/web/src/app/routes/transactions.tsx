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
import { RoleGate } from '@/components/ui/role-gate';
import { useUser } from '@/features/account/api/get-user';
import { useCurrentOrganisation, useRoleAllows } from '@/hooks/use-role';

/** Credits, Buy Credits (only with a company country, spec §4) and the ledger, newest first. */
export function TransactionsRoute() {
  const credits = useCredits();
  const company = useCompany();
  const mayReadLedger = useRoleAllows('member');
  const transactions = useTransactions(mayReadLedger);
  const organisation = useCurrentOrganisation();
  const user = useUser();
  // Who acted matters once someone else could have: a second member now, or rows by a former one.
  const showActor =
    (organisation.data?.members ?? 1) > 1 ||
    (transactions.data ?? []).some((row) => row.actor && row.actor !== user.data?.username);
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
          <Box sx={{ flex: 1 }}>
            <RoleGate role="admin">{company.isSuccess && <BuyCredits canPurchase={canPurchase} />}</RoleGate>
          </Box>
        </Stack>
      </Paper>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Your Transactions
      </Typography>
      {mayReadLedger ? (
        <TransactionsTable transactions={transactions.data ?? []} showActor={showActor} />
      ) : (
        <Typography color="text.secondary">The ledger is shown to members, admins and owners.</Typography>
      )}
    </Box>
  );
}
