import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useNotify } from '@/lib/notify';
import { useDownloadProject } from '../api/download-project';
import { usePredictionCount } from '../api/get-prediction-count';

interface DownloadAllButtonProps {
  projectId: number | null;
  requestRunning: boolean;
}

/** Enabled only when the project has predictions and no request runs (spec §4). */
export function DownloadAllButton({ projectId, requestRunning }: DownloadAllButtonProps) {
  const count = usePredictionCount(projectId, requestRunning);
  const download = useDownloadProject();
  const notify = useNotify();
  const hasPredictions = (count.data?.prediction_count ?? 0) > 0;

  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={projectId === null || !hasPredictions || requestRunning}
      loading={download.isPending}
      onClick={() =>
        projectId !== null &&
        download.mutate(projectId, {
          onSuccess: () => notify.success('Images successfully downloaded'),
          onError: (error) => notify.failure('Downloading the images failed', error),
        })
      }
    >
      Download All Project Data
    </Button>
  );
}
