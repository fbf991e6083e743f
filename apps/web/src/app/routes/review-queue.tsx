import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router';
import { NotFound } from '@/components/ui/not-found';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { PredictionReview } from '@/features/predictions/components/prediction-review';
import { ProjectAgreementPanel } from '@/features/review/components/agreement-panel';
import { ReviewQueueWalker } from '@/features/review/components/review-queue-walker';

/**
 * A project's review queue (issue 39 §3): the review feature walks it, the predictions feature shows
 * each mask; below, how far each model agrees with the project's reviewers (§7).
 */
export function ReviewQueueRoute() {
  const raw = useParams().projectId ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw)) return <NotFound />;
  const projectId = Number(raw);
  return (
    <>
      <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 2 }}>
        <PageTitle>Review queue</PageTitle>
        <Button component={RouterLink} to={paths.app.project(projectId)}>
          Back to the project
        </Button>
      </Stack>
      <ReviewQueueWalker
        projectId={projectId}
        renderItem={(item, editing, closeEditor) => (
          <PredictionReview
            projectId={projectId}
            imageId={item.image}
            predictionId={item.prediction}
            editing={editing}
            onEditorClosed={closeEditor}
          />
        )}
      />
      <ProjectAgreementPanel projectId={projectId} />
    </>
  );
}
