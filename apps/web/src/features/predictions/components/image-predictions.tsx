import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useMemo } from 'react';
import { useModels } from '../api/get-models';
import { usePredictionSet } from '../api/get-prediction-set';
import { emptyPredictionThumbnails, usePredictionThumbnails } from '../api/get-prediction-thumbnails';
import { useResolutions } from '../api/get-resolutions';
import { orderPredictions, PredictionsGrid } from './predictions-grid';
import { OverlayViewer } from './overlay-viewer';

interface ImagePredictionsProps {
  projectId: number;
  imageId: number;
  requestRunning: boolean;
  selectedPredictionId: number | null;
  onSelectPrediction: (predictionId: number) => void;
}

function PredictionResult({ projectId, predictionId }: { projectId: number; predictionId: number }) {
  const set = usePredictionSet(projectId, predictionId);
  if (set.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the prediction" />
      </Box>
    );
  }
  // Spec §8: a failed read shows its empty default (nothing here); readOrDefault has logged it.
  if (!set.data) return null;
  return <OverlayViewer key={predictionId} predictionSet={set.data} />;
}

/** The right column: the image's predictions and, below, the selected one over the original. */
export function ImagePredictions({
  projectId,
  imageId,
  requestRunning,
  selectedPredictionId,
  onSelectPrediction,
}: ImagePredictionsProps) {
  const thumbnails = usePredictionThumbnails(projectId, imageId, requestRunning);
  const models = useModels();
  const resolutions = useResolutions();
  const modelNames = useMemo(
    () => new Map((models.data ?? []).map((model) => [model.id, model.name])),
    [models.data],
  );
  const resolutionNames = useMemo(
    () => new Map((resolutions.data ?? []).map((resolution) => [resolution.id, resolution.display_name])),
    [resolutions.data],
  );
  // Not fetched while a request runs (spec §4): what is cached shows, otherwise the empty grid.
  const data = thumbnails.data ?? (requestRunning ? emptyPredictionThumbnails : undefined);
  const first = data ? orderPredictions(data.thumbnails, data.models, data.resolutions)[0] : undefined;

  // Spec §4: selecting an image auto-selects its first available prediction.
  useEffect(() => {
    if (selectedPredictionId === null && first) onSelectPrediction(first.prediction_id);
  }, [selectedPredictionId, first, onSelectPrediction]);

  if (!data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the predictions" />
      </Box>
    );
  }

  return (
    <>
      <PredictionsGrid
        thumbnails={data.thumbnails}
        modelOrder={data.models}
        resolutionOrder={data.resolutions}
        modelNames={modelNames}
        resolutionNames={resolutionNames}
        selectedId={selectedPredictionId}
        onSelect={onSelectPrediction}
      />
      {selectedPredictionId !== null && (
        <PredictionResult projectId={projectId} predictionId={selectedPredictionId} />
      )}
    </>
  );
}
