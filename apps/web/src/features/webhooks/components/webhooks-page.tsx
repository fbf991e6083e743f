import { WEBHOOK_EVENT_LABELS, type WebhookEndpoint } from '@hullscope/contract';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageTitle } from '@/components/ui/page-title';
import { useNotify } from '@/lib/notify';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { type WebhookFormValues, WebhookFormDialog } from './webhook-form-dialog';

const FIELD_LABELS = { url: 'Endpoint URL', description: 'Description', events: 'Events' };

/** A secret just drawn: shown once, as the server keeps it for signing only. */
function SecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Alert severity="success" sx={{ mb: 2 }} onClose={onDone}>
      Copy the signing secret now: it is shown only once. Your receiver verifies each delivery with it.
      <TextField
        value={secret}
        size="small"
        fullWidth
        sx={{ mt: 1 }}
        slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'Signing secret' } }}
      />
    </Alert>
  );
}

function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [showLog, setShowLog] = useState(false);

  const save = (values: WebhookFormValues) =>
    update.mutate(
      { webhookId: endpoint.id, ...values },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => notify.failure('Saving the endpoint failed', error, FIELD_LABELS),
      },
    );
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="subtitle1" sx={{ wordBreak: 'break-all', flex: 1 }}>
            {endpoint.url}
          </Typography>
          <Chip
            size="small"
            label={endpoint.enabled ? 'Enabled' : 'Disabled'}
            color={endpoint.enabled ? 'success' : 'default'}
          />
        </Stack>
        {endpoint.description && <Typography color="text.secondary">{endpoint.description}</Typography>}
        {endpoint.disabled_reason && (
          <Alert severity="warning" sx={{ my: 1 }}>
            {endpoint.disabled_reason}
          </Alert>
        )}
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ my: 1 }}>
          {endpoint.events.map((event) => (
            <Chip key={event} size="small" variant="outlined" label={WEBHOOK_EVENT_LABELS[event]} />
          ))}
          {endpoint.credits_low_threshold !== null && endpoint.events.includes('credits.low') && (
            <Chip size="small" variant="outlined" label={`Below ${endpoint.credits_low_threshold} credits`} />
          )}
        </Stack>
        {endpoint.previous_secret_expires_at && (
          <Typography variant="body2" color="text.secondary">
            The previous secret also signs until{' '}
            {new Date(endpoint.previous_secret_expires_at).toLocaleString()}.
          </Typography>
        )}
        {showLog && <WebhookDeliveries webhookId={endpoint.id} />}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap' }}>
        <Button onClick={() => setShowLog((shown) => !shown)}>
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: () => {
                notify.success('Test ping sent');
                setShowLog(true);
              },
              onError: (error) => notify.failure('Sending the test ping failed', error),
            })
          }
        >
          Send test ping
        </Button>
        <Button onClick={() => setEditing(true)}>Edit</Button>
        <Button
          onClick={() =>
            update.mutate(
              { webhookId: endpoint.id, enabled: !endpoint.enabled },
              { onError: (error) => notify.failure('Changing the endpoint failed', error) },
            )
          }
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button
          onClick={() =>
            rotate.mutate(endpoint.id, {
              onSuccess: (rotated) => onSecret(rotated.secret),
              onError: (error) => notify.failure('Rotating the secret failed', error),
            })
          }
        >
          Rotate secret
        </Button>
        <Button color="error" onClick={() => setDeleting(true)}>
          Delete
        </Button>
      </CardActions>
      {editing && (
        <WebhookFormDialog
          open
          endpoint={endpoint}
          busy={update.isPending}
          onSubmit={save}
          onClose={() => setEditing(false)}
        />
      )}
      <ConfirmDialog
        open={deleting}
        title="Delete this webhook endpoint?"
        text={`Nothing more is sent to ${endpoint.url}, and its delivery log is deleted with it.`}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => setDeleting(false),
            onError: (error) => notify.failure('Deleting the endpoint failed', error),
          })
        }
        onClose={() => setDeleting(false)}
      />
    </Card>
  );
}

/** The organisation's webhook endpoints for admins and owners (issue 41 §2). */
export function WebhooksPage() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const notify = useNotify();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const add = (values: WebhookFormValues) =>
    create.mutate(
      {
        url: values.url,
        description: values.description,
        events: values.events,
        credits_low_threshold: values.credits_low_threshold,
      },
      {
        onSuccess: (created) => {
          setAdding(false);
          setSecret(created.secret);
        },
        onError: (error) => notify.failure('Adding the endpoint failed', error, FIELD_LABELS),
      },
    );
  return (
    <>
      <PageTitle>Webhooks</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Hullscope sends the events you choose to your systems as signed POST requests (Standard Webhooks),
        retrying for about a day when they fail.
      </Typography>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ mb: 2 }}>
        Add endpoint
      </Button>
      {secret && <SecretNotice secret={secret} onDone={() => setSecret(null)} />}
      {webhooks.data?.length === 0 && (
        <Typography color="text.secondary">No webhook endpoints yet.</Typography>
      )}
      {(webhooks.data ?? []).map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
      ))}
      {adding && (
        <WebhookFormDialog open busy={create.isPending} onSubmit={add} onClose={() => setAdding(false)} />
      )}
    </>
  );
}
