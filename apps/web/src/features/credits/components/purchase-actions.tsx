import { checkoutExpiresAt, type Transaction } from '@hullscope/contract';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify } from '@/lib/notify';
import { useCancelPurchase } from '../api/cancel-purchase';
import { useDownloadInvoice } from '../api/download-invoice';

function timeOf(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Under a purchase's status (issue 45 §10): one awaiting payment says when its checkout lapses and
 * can be cancelled; a paid one has its invoice to download.
 */
export function PurchaseActions({ transaction, now = new Date() }: { transaction: Transaction; now?: Date }) {
  const cancel = useCancelPurchase();
  const invoice = useDownloadInvoice();
  const notify = useNotify();
  if (transaction.kind !== 'purchase') return null;

  if (transaction.status === 'PENDING') {
    const expiresAt = checkoutExpiresAt(transaction.request_date);
    const lapsed = Date.parse(expiresAt) <= now.getTime();
    return (
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {lapsed ? `Checkout expired ${timeOf(expiresAt)}` : `Expires ${timeOf(expiresAt)}`}
        </Typography>
        <Button
          size="small"
          disabled={cancel.isPending}
          aria-label={`Cancel purchase ${transaction.id}`}
          onClick={() =>
            cancel.mutate(transaction.id, {
              onSuccess: () => notify.success('The purchase was cancelled.'),
              onError: (error) => notify.failure('Cancelling the purchase failed', error),
            })
          }
        >
          Cancel
        </Button>
      </Stack>
    );
  }

  if (transaction.status === 'PAID') {
    return (
      <Button
        size="small"
        startIcon={<PictureAsPdfOutlinedIcon />}
        disabled={invoice.isPending}
        aria-label={`Invoice of purchase ${transaction.id} (PDF)`}
        onClick={() =>
          invoice.mutate(transaction.id, {
            onError: (error) => notify.failure('Downloading the invoice failed', error),
          })
        }
        sx={{ mt: 0.5 }}
      >
        Invoice
      </Button>
    );
  }
  return null;
}
