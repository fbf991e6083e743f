import type { RequestProgress } from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** 'Prediction {id} Running!' with how many images are done out of the total. */
export function RunningRequestAlert({
  requestId,
  progress,
}: {
  requestId: number;
  progress?: RequestProgress;
}) {
  const total = progress?.total ?? 0;
  const processed = (progress?.done ?? 0) + (progress?.failed ?? 0);
  const percent = total > 0 ? Math.round((processed / total) * 100) : 0;
  return (
    <Alert severity="info" sx={{ alignItems: 'center', py: 0 }} role="status">
      <Box sx={{ minWidth: 220 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Prediction {requestId} Running!
        </Typography>
        {progress ? (
          <>
            <Typography variant="caption" data-testid="prediction-progress">
              {progress.done} / {progress.total} images done
              {progress.failed > 0 ? `, ${progress.failed} failed` : ''}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label="Prediction progress"
              sx={{ mt: 0.5, mb: 0.5 }}
            />
          </>
        ) : (
          <LinearProgress aria-label="Prediction progress" sx={{ mt: 0.5, mb: 0.5 }} />
        )}
      </Box>
    </Alert>
  );
}
