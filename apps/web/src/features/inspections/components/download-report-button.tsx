import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Button from '@mui/material/Button';
import { useNotify } from '@/lib/notify';
import { useDownloadReport } from '../api/download-report';
import type { PredictionPairChoice } from '../api/get-inspection-summary';

interface DownloadReportButtonProps {
  projectId: number | null;
  requestRunning: boolean;
  /** Whether the project has predictions to report on (there is nothing to report before). */
  hasPredictions: boolean;
  /** The model and resolution to report on; by default the project's most used pair. */
  pair?: PredictionPairChoice;
  variant?: 'outlined' | 'contained';
}

/** Like Download All: enabled once the project has predictions and while no run is going. */
export function DownloadReportButton({
  projectId,
  requestRunning,
  hasPredictions,
  pair = {},
  variant = 'outlined',
}: DownloadReportButtonProps) {
  const download = useDownloadReport();
  const notify = useNotify();

  return (
    <Button
      variant={variant}
      startIcon={<PictureAsPdfIcon />}
      disabled={projectId === null || !hasPredictions || requestRunning}
      loading={download.isPending}
      onClick={() =>
        projectId !== null &&
        download.mutate(
          { projectId, pair },
          {
            onSuccess: () => notify.success('Inspection report downloaded'),
            onError: (error) => notify.failure('Downloading the inspection report failed', error),
          },
        )
      }
    >
      Download Inspection Report
    </Button>
  );
}
