import type { ApiKey, ApiKeyCreated } from '@hullscope/contract';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageTitle } from '@/components/ui/page-title';
import { useNotify } from '@/lib/notify';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { ApiKeysTable } from './api-keys-table';
import { CreateApiKeyForm } from './create-api-key-form';
import { NewApiKeySecret } from './new-api-key-secret';

/** Issue 41 §1: the organisation's API keys for admins and owners: create, copy the secret once, revoke. */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const notify = useNotify();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <>
      <PageTitle>API keys</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Fleet systems and contractors&apos; tools call the API with a key, as{' '}
        <code>Authorization: Bearer hsk_…</code>. A key acts in this organisation as the person who made it,
        within its scopes.
      </Typography>
      <CreateApiKeyForm onCreated={setCreated} />
      {created && <NewApiKeySecret apiKey={created} />}
      <ApiKeysTable keys={keys.data ?? []} onRevoke={setRevoking} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this API key?"
        text={`“${revoking?.name ?? ''}” stops working at once, for every tool that uses it. This cannot be undone.`}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notify.success('API key revoked');
              setRevoking(null);
            },
            onError: (error) => notify.failure('Revoking the API key failed', error),
          })
        }
      />
    </>
  );
}
