import { WEBHOOK_EVENT_LABELS, type AnyWebhookEventType, type WebhookDelivery } from '@hullscope/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from '@/lib/notify';
import { DELIVERY_PAGE_SIZE, useResendWebhookDelivery, useWebhookDeliveries } from '../api/webhooks';

const statusColour = { pending: 'default', succeeded: 'success', failed: 'error' } as const;

const eventLabel = (type: string) => WEBHOOK_EVENT_LABELS[type as AnyWebhookEventType] ?? type;

/** One attempt as the log shows it: when, what answered (or why nothing did) and how long it took. */
function attemptLine(attempt: WebhookDelivery['attempts'][number]): string {
  const outcome =
    attempt.response_status === null ? (attempt.error ?? 'No answer') : `HTTP ${attempt.response_status}`;
  return `${new Date(attempt.attempted_at).toLocaleString()} · ${outcome} · ${attempt.duration_ms} ms`;
}

/** An endpoint's delivery log, newest first: every attempt, the answer's first kilobyte, resend. */
export function WebhookDeliveries({ webhookId }: { webhookId: number }) {
  const [page, setPage] = useState(0);
  const deliveries = useWebhookDeliveries(webhookId, page);
  const resend = useResendWebhookDelivery();
  const notify = useNotify();
  const rows = deliveries.data?.data ?? [];

  if (!deliveries.isPending && rows.length === 0) {
    return (
      <Typography color="text.secondary">
        Nothing delivered yet: send a test ping to try the endpoint.
      </Typography>
    );
  }
  return (
    <>
      <Table size="small" aria-label="Delivery log">
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Event</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Attempts</TableCell>
            <TableCell>Response</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((delivery) => {
            const last = delivery.attempts.at(-1);
            return (
              <TableRow key={delivery.id}>
                <TableCell>{new Date(delivery.created_at).toLocaleString()}</TableCell>
                <TableCell>{eventLabel(delivery.event_type)}</TableCell>
                <TableCell>
                  <Chip size="small" label={delivery.status} color={statusColour[delivery.status]} />
                  {delivery.next_attempt_at && (
                    <Typography variant="caption" display="block" color="text.secondary">
                      Next try {new Date(delivery.next_attempt_at).toLocaleString()}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {delivery.attempts.map((attempt) => (
                    <Typography key={attempt.attempted_at} variant="caption" display="block">
                      {attemptLine(attempt)}
                    </Typography>
                  ))}
                </TableCell>
                <TableCell sx={{ maxWidth: 280 }}>
                  <Typography
                    variant="caption"
                    component="pre"
                    sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: 0, fontFamily: 'monospace' }}
                  >
                    {last?.response_excerpt ?? last?.error ?? ''}
                  </Typography>
                </TableCell>
                <TableCell>
                  {delivery.status !== 'pending' && (
                    <Button
                      size="small"
                      onClick={() =>
                        resend.mutate(
                          { webhookId, deliveryId: delivery.id },
                          {
                            onSuccess: () => notify.success('Sent again'),
                            onError: (error) => notify.failure('Resending failed', error),
                          },
                        )
                      }
                    >
                      Resend
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={deliveries.data?.total ?? 0}
        page={page}
        rowsPerPage={DELIVERY_PAGE_SIZE}
        rowsPerPageOptions={[DELIVERY_PAGE_SIZE]}
        onPageChange={(_, next) => setPage(next)}
      />
    </>
  );
}
