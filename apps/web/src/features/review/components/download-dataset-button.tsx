import DatasetIcon from '@mui/icons-material/Dataset';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNotify } from '@/lib/notify';
import { useDownloadDataset } from '../api/download-dataset';
import { useReviewQueue } from '../api/review';

/**
 * The reviewed photos as a training set (issue 39 §5); any role may read it. Disabled, with the reason
 * beside it, until a person has reviewed a photo: the export would be empty.
 */
export function DownloadDatasetButton({ projectId }: { projectId: number }) {
  const queue = useReviewQueue(projectId);
  const download = useDownloadDataset();
  const notify = useNotify();
  const reasonId = useId();
  const reviewed = queue.data?.counts.reviewed ?? 0;
  const noneReviewed = queue.isSuccess && reviewed === 0;

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DatasetIcon />}
        disabled={reviewed === 0}
        loading={download.isPending}
        aria-describedby={noneReviewed ? reasonId : undefined}
        onClick={() =>
          download.mutate(projectId, {
            onSuccess: () => notify.success('Reviewed dataset downloaded'),
            onError: (error) => notify.failure('Downloading the reviewed dataset failed', error),
          })
        }
      >
        Download reviewed dataset
      </Button>
      {noneReviewed && (
        <Typography id={reasonId} variant="body2" color="text.secondary" data-testid="dataset-reason">
          No photo is reviewed yet: accept or correct photos in the review queue first.
        </Typography>
      )}
    </>
  );
}
