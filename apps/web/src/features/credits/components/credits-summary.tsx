import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function CreditsSummary({ credits }: { credits: number }) {
  return (
    <Stack direction="row" spacing={2} alignItems="center">
      <AccountBalanceWalletIcon color="primary" sx={{ fontSize: 40 }} />
      <div>
        <Typography variant="overline" color="text.secondary" component="p">
          Credits available
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="credits-available">
          {credits}
        </Typography>
      </div>
    </Stack>
  );
}
