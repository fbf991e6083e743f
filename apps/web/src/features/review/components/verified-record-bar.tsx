import FactCheckIcon from '@mui/icons-material/FactCheck';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { RoleGate } from '@/components/ui/role-gate';
import { paths } from '@/config/paths';
import { useRevisions } from '@/hooks/use-revisions';
import { useNotify } from '@/lib/notify';
import { useReviewQueue } from '../api/review';
import { useReopenInspection, useSignInspection } from '../api/sign-off';
import { DownloadDatasetButton } from './download-dataset-button';
import { ReopenDialog, SignDialog } from './sign-dialog';

/**
 * The project's verified-record state (issue 39 §3, §4): how many analysed photos a person reviewed
 * with the way into the review queue and the reviewed dataset (§5), and the signature with sign and reopen.
 */
export function VerifiedRecordBar({ projectId }: { projectId: number }) {
  const queue = useReviewQueue(projectId);
  const revisions = useRevisions(projectId);
  const sign = useSignInspection(projectId);
  const reopen = useReopenInspection(projectId);
  const notify = useNotify();
  const [dialog, setDialog] = useState<'sign' | 'reopen' | null>(null);
  const counts = queue.data?.counts;
  const signed = revisions.data?.signed ?? false;
  const newest = revisions.data?.revisions.at(-1);

  return (
    <Paper variant="outlined" component="section" aria-label="Review and signature" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
        {counts && (
          <Typography variant="body2" data-testid="review-progress">
            {counts.reviewed} of {counts.total} reviewed
          </Typography>
        )}
        <Button
          component={RouterLink}
          to={paths.app.reviewQueue(projectId)}
          startIcon={<FactCheckIcon />}
          disabled={!counts || counts.total === 0}
        >
          Review queue
        </Button>
        <DownloadDatasetButton projectId={projectId} />
        {signed && newest ? (
          <Chip
            color="success"
            data-testid="signature"
            label={`Signed by ${newest.name}, ${newest.position} · revision ${newest.revision} · ${new Date(
              newest.signed_at,
            ).toLocaleString()}`}
          />
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="signature">
            Not signed
            {revisions.data && revisions.data.revisions.length > 0
              ? ` · reopened; the next signature is revision ${revisions.data.next_revision}`
              : ''}
          </Typography>
        )}
        <RoleGate role="member">
          {signed ? (
            <Button variant="outlined" onClick={() => setDialog('reopen')}>
              Reopen inspection
            </Button>
          ) : (
            <Button variant="outlined" onClick={() => setDialog('sign')} disabled={!revisions.data}>
              Sign inspection
            </Button>
          )}
        </RoleGate>
      </Stack>
      {dialog === 'sign' && (
        <SignDialog
          open
          busy={sign.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(body) =>
            sign.mutate(body, {
              onSuccess: (signature) => {
                notify.success(`Inspection signed as revision ${signature.revision}.`);
                setDialog(null);
              },
              onError: (error) => notify.failure('The inspection was not signed', error),
            })
          }
        />
      )}
      {dialog === 'reopen' && (
        <ReopenDialog
          open
          busy={reopen.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(body) =>
            reopen.mutate(body, {
              onSuccess: () => {
                notify.success('Inspection reopened.');
                setDialog(null);
              },
              onError: (error) => notify.failure('The inspection was not reopened', error),
            })
          }
        />
      )}
    </Paper>
  );
}
