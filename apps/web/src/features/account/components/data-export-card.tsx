import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/lib/notify';
import { useDataExport, useRequestDataExport } from '../api/data-export';

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Everything the account keeps, as one ZIP built on the server; the link goes to the account's
 * e-mail address, so a browser left signed in cannot hand the data to someone else.
 */
export function DataExportCard({ email }: { email: string }) {
  const [exportId, setExportId] = useState<number>();
  const start = useRequestDataExport();
  const current = useDataExport(exportId);
  const notify = useNotify();
  const data = current.data ?? start.data;
  const running = data?.status === 'QUEUED' || data?.status === 'RUNNING';

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: (created) => setExportId(created.id),
      onError: (error) => notify.failure('The export could not be started', error),
    });

  return (
    <SectionCard title="Export Your Data">
      <Typography variant="body2" sx={{ mb: 2 }}>
        One ZIP of everything this account keeps: vessels, inspections with their photos, masks and reports,
        the credit ledger and payments, with a README describing the files. It is prepared in the background;
        the download link is e-mailed to {email} and works for 24 hours.
      </Typography>
      {running && (
        <Box sx={{ mb: 2 }} aria-live="polite">
          <Typography variant="body2">
            Preparing the export…{' '}
            {data.progress.total > 0 && `${data.progress.done} of ${data.progress.total} files`}
          </Typography>
          <LinearProgress
            aria-label="Export progress"
            variant={data.progress.total > 0 ? 'determinate' : 'indeterminate'}
            value={data.progress.total > 0 ? (100 * data.progress.done) / data.progress.total : undefined}
          />
        </Box>
      )}
      {data?.status === 'READY' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          The export is ready: the download link was sent to {email}
          {data.expires_at && ` and works until ${formatTime(data.expires_at)}`}.
        </Alert>
      )}
      {data?.status === 'FAILED' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The export failed: {data.error}. Try again; if it fails again, contact support.
        </Alert>
      )}
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={onStart}
        disabled={running || start.isPending}
      >
        Export all data
      </Button>
    </SectionCard>
  );
}
