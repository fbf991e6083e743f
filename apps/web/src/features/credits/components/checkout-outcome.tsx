import { CheckoutReturn } from '@hullscope/contract';
import Alert, { type AlertColor } from '@mui/material/Alert';

const SHOWN: Record<CheckoutReturn, { severity: AlertColor; text: string }> = {
  paid: {
    severity: 'success',
    text: 'Thank you for your purchase. The Credits have been added to your account.',
  },
  success: {
    severity: 'success',
    text: 'Thank you for your purchase. The Credits are added as soon as the payment is confirmed.',
  },
  pending: {
    severity: 'info',
    text: 'The payment is not confirmed yet. The Credits are added as soon as it is.',
  },
  expired: {
    severity: 'info',
    text: 'The checkout was cancelled and is closed; no Credits were bought.',
  },
  cancelled: { severity: 'info', text: 'The payment was cancelled; no Credits were bought.' },
  failed: { severity: 'error', text: 'The payment failed; no Credits were bought.' },
};

/**
 * What became of the checkout the buyer returns from (`?checkout=` on the Transactions page). The
 * sandbox names the purchase's final state, so a Pay pressed after a Cancel is shown as closed without
 * Credits, not as a success; anything else in the address shows nothing.
 */
export function CheckoutOutcome({ outcome }: { outcome: string | null }) {
  const parsed = CheckoutReturn.safeParse(outcome);
  if (!parsed.success) return null;
  const { severity, text } = SHOWN[parsed.data];
  return (
    <Alert severity={severity} sx={{ mb: 2 }}>
      {text}
    </Alert>
  );
}
