import Alert from '@mui/material/Alert';
import { dismissLastRun, useLastRun } from '../hooks/last-run';
import { lastRunLine, runOutcomeVariant } from '../hooks/run-finished-message';

/**
 * How the last run ended, e.g. "Last run: prediction 7 finished 09:26, 12 images, 1 failed and
 * refunded" (issue 45 §7): the toast goes after seconds, this stays until dismissed or another run
 * starts.
 */
export function LastRunAlert({ projectId }: { projectId: number | null }) {
  const lastRun = useLastRun(projectId);
  if (lastRun === null) return null;
  return (
    <Alert
      severity={runOutcomeVariant(lastRun.request)}
      role="status"
      closeText="Dismiss"
      onClose={dismissLastRun}
      sx={{ alignItems: 'center', py: 0 }}
      data-testid="last-run"
    >
      {lastRunLine(lastRun.request, lastRun.endedAt)}
    </Alert>
  );
}
