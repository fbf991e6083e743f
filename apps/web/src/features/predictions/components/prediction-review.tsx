import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useModels } from '../api/get-models';
import { usePredictionSet } from '../api/get-prediction-set';
import { usePredictionThumbnails } from '../api/get-prediction-thumbnails';
import { CorrectableViewer } from '../mask-editor/correctable-viewer';

interface PredictionReviewProps {
  projectId: number;
  imageId: number;
  predictionId: number;
  editing: boolean;
  onEditorClosed: () => void;
}

/** One prediction of the review queue over its photo, with the editor opened on request. */
export function PredictionReview({
  projectId,
  imageId,
  predictionId,
  editing,
  onEditorClosed,
}: PredictionReviewProps) {
  const set = usePredictionSet(projectId, predictionId);
  const thumbnails = usePredictionThumbnails(projectId, imageId, false);
  const models = useModels();
  const modelId = thumbnails.data?.thumbnails.find((entry) => entry.prediction_id === predictionId)?.model_id;
  const model = models.data?.find((entry) => entry.id === modelId);
  if (!set.data || !model) {
    return set.isPending || thumbnails.isPending || models.isPending ? (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the prediction" />
      </Box>
    ) : null;
  }
  return (
    <CorrectableViewer
      key={`${predictionId}-${editing}`}
      projectId={projectId}
      predictionId={predictionId}
      predictionSet={set.data}
      classes={model.classes.map((entry) => ({ label: entry.label, hex: entry.hex_color }))}
      startEditing={editing}
      onEditorClosed={onEditorClosed}
    />
  );
}
