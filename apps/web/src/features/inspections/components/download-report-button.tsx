import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
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

/**
 * Like Download All: enabled once the project has predictions and while no run is going. The report
 * shows the key photos (each zone's worst, the flagged ones); the second button has every photo.
 */
export function DownloadReportButton({
  projectId,
  requestRunning,
  hasPredictions,
  pair = {},
  variant = 'outlined',
}: DownloadReportButtonProps) {
  const download = useDownloadReport();
  const notify = useNotify();
  const disabled = projectId === null || !hasPredictions || requestRunning;
  const save = (photos: 'key' | 'all') =>
    projectId !== null &&
    download.mutate(
      { projectId, pair, photos },
      {
        onSuccess: () => notify.success('Inspection report downloaded'),
        onError: (error) => notify.failure('Downloading the inspection report failed', error),
      },
    );
  const busy = download.isPending ? download.variables.photos : undefined;

  return (
    <ButtonGroup variant={variant} disabled={disabled}>
      <Button startIcon={<PictureAsPdfIcon />} loading={busy === 'key'} onClick={() => save('key')}>
        Download Inspection Report
      </Button>
      <Button loading={busy === 'all'} onClick={() => save('all')}>
        With all photos
      </Button>
    </ButtonGroup>
  );
}
