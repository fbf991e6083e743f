import type { ReviewQueueItem } from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useSignedReason } from '@/hooks/use-revisions';
import { useRoleAllows } from '@/hooks/use-role';
import { useNotify } from '@/lib/notify';
import { useReviewQueue, useUpdateReview } from '../api/review';

interface ReviewQueueWalkerProps {
  projectId: number;
  /** The item's prediction over its photo; `editing` opens the mask editor in it. */
  renderItem: (item: ReviewQueueItem, editing: boolean, closeEditor: () => void) => ReactNode;
}

/** Whether a key press belongs to a field or the open editor rather than to the queue. */
const keyIsForSomethingElse = (event: KeyboardEvent) =>
  event.ctrlKey ||
  event.metaKey ||
  event.altKey ||
  (event.target instanceof HTMLElement &&
    (event.target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName)));

/**
 * Walks the unreviewed analysed images in the queue's order (issue 39 §3): A accepts the mask as
 * the model saw it, C corrects it in the editor, N or → goes to the next without deciding. Accepted
 * and corrected images leave the queue; skipped ones come round again after the last.
 */
export function ReviewQueueWalker({ projectId, renderItem }: ReviewQueueWalkerProps) {
  const queue = useReviewQueue(projectId);
  const update = useUpdateReview(projectId);
  const signedReason = useSignedReason(projectId);
  // Viewers walk the queue to look; deciding is for members and above (the API checks it too).
  const mayDecide = useRoleAllows('member');
  const notify = useNotify();
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set());
  // The photo being corrected: once it leaves the queue (saved) the next one opens in the viewer.
  const [editingImage, setEditingImage] = useState<number | null>(null);
  const items = queue.data?.items ?? [];
  const current = items.find((item) => !skipped.has(item.image)) ?? items[0];
  const editing = current !== undefined && editingImage === current.image;
  const position = current ? items.indexOf(current) + 1 : 0;

  const accept = () => {
    if (!current || update.isPending || signedReason || !mayDecide) return;
    update.mutate(
      { imageId: current.image, state: 'accepted', prediction: current.prediction },
      {
        onSuccess: () => notify.success(`${current.image_name} accepted.`),
        onError: (error) => notify.failure('The review was not saved', error),
      },
    );
  };
  const next = () => {
    if (!current) return;
    setSkipped((done) => {
      const more = new Set(done).add(current.image);
      return items.every((item) => more.has(item.image)) ? new Set() : more;
    });
  };
  const correct = () => {
    if (current && !signedReason && mayDecide) setEditingImage(current.image);
  };

  useEffect(() => {
    if (editing) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (keyIsForSomethingElse(event)) return;
      const key = event.key.toLowerCase();
      if (key === 'a') accept();
      else if (key === 'c') correct();
      else if (key === 'n' || key === 'arrowright') next();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  });

  if (queue.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the review queue" />
      </Box>
    );
  }
  if (queue.isError) return <Alert severity="error">The review queue could not be loaded.</Alert>;
  const counts = queue.data.counts;

  return (
    <Box>
      <Paper variant="outlined" component="section" aria-label="Review progress" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
          <Typography variant="body1" data-testid="review-progress" sx={{ fontWeight: 600 }}>
            {counts.reviewed} of {counts.total} reviewed
          </Typography>
          {current && (
            <Typography variant="body2" data-testid="review-current">
              {current.image_name} · {position} of {items.length} left
              {current.confidence !== null ? ` · confidence ${Math.round(current.confidence * 100)} %` : ''}
            </Typography>
          )}
          <Box sx={{ flex: 1 }} />
          {current && !editing && (
            <>
              {mayDecide && (
                <>
                  <Button
                    variant="contained"
                    onClick={accept}
                    disabled={update.isPending || signedReason !== null}
                  >
                    Accept (A)
                  </Button>
                  <Button variant="outlined" onClick={correct} disabled={signedReason !== null}>
                    Correct (C)
                  </Button>
                </>
              )}
              <Button onClick={next} disabled={items.length < 2}>
                Next (N)
              </Button>
            </>
          )}
        </Stack>
        {signedReason && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {signedReason}
          </Alert>
        )}
      </Paper>
      {current ? (
        <Box key={current.image}>{renderItem(current, editing, () => setEditingImage(null))}</Box>
      ) : (
        <Alert severity="success">Every analysed photo of this project is reviewed.</Alert>
      )}
    </Box>
  );
}
