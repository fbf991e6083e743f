import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCredits } from '../api/get-credits';

/** The balance in the top bar: zero until known, shown up to 9999 (spec §9); opens the transactions. */
export const CREDIT_BADGE_MAX = 9999;

export function CreditBadge() {
  const { data } = useCredits();
  const credits = data?.credits ?? 0;
  const navigate = useNavigate();
  return (
    <Tooltip title="Credits: open your transactions">
      <IconButton
        color="inherit"
        aria-label={`Credits: ${credits}`}
        onClick={() => void navigate(paths.app.transactions)}
        sx={{ mr: 1 }}
      >
        <Badge
          badgeContent={credits}
          max={CREDIT_BADGE_MAX}
          showZero
          color="secondary"
          data-testid="credit-badge"
        >
          <AccountBalanceWalletIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
