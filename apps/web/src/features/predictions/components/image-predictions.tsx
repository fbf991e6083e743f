import type { PredictionThumbnail } from '@hullscope/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { useModels } from '../api/get-models';
import { usePredictionSet } from '../api/get-prediction-set';
import { emptyPredictionThumbnails, usePredictionThumbnails } from '../api/get-prediction-thumbnails';
import { useResolutions } from '../api/get-resolutions';
import { PredictionComparison } from './prediction-comparison';
import {
  MODEL_NAME_MISSING,
  orderPredictions,
  PredictionsGrid,
  RESOLUTION_NAME_MISSING,
} from './predictions-grid';
import { CorrectableViewer } from '../mask-editor/correctable-viewer';
import type { EditorClass } from '../mask-editor/editor-toolbar';

interface ImagePredictionsProps {
  projectId: number;
  imageId: number;
  requestRunning: boolean;
  selectedPredictionId: number | null;
  onSelectPrediction: (predictionId: number) => void;
}

function PredictionResult({
  projectId,
  predictionId,
  classes,
}: {
  projectId: number;
  predictionId: number;
  classes: readonly EditorClass[] | null;
}) {
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
  return (
    <CorrectableViewer
      key={predictionId}
      projectId={projectId}
      predictionId={predictionId}
      predictionSet={set.data}
      classes={classes}
    />
  );
}

/** Both predictions' sets, once both have arrived. */
function Comparison({
  projectId,
  left,
  right,
}: {
  projectId: number;
  left: { id: number; label: string };
  right: { id: number; label: string };
}) {
  const leftSet = usePredictionSet(projectId, left.id);
  const rightSet = usePredictionSet(projectId, right.id);
  if (!leftSet.data || !rightSet.data) {
    return leftSet.isPending || rightSet.isPending ? (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the comparison" />
      </Box>
    ) : null;
  }
  return (
    <PredictionComparison
      left={{ label: left.label, set: leftSet.data }}
      right={{ label: right.label, set: rightSet.data }}
    />
  );
}

/**
 * The right column: the image's predictions, below the selected one over the original, and, when
 * the image has another, a choice to compare the two side by side.
 */
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
  const ordered = data ? orderPredictions(data.thumbnails, data.models, data.resolutions) : [];
  const first = ordered[0];
  const [compareId, setCompareId] = useState<number | null>(null);
  const labelOf = (thumbnail: PredictionThumbnail) =>
    `${modelNames.get(thumbnail.model_id) ?? MODEL_NAME_MISSING}, ` +
    `${resolutionNames.get(thumbnail.resolution_id) ?? RESOLUTION_NAME_MISSING}`;
  const classesOf = (modelId: number | undefined): EditorClass[] | null => {
    const model = models.data?.find((entry) => entry.id === modelId);
    return model ? model.classes.map((entry) => ({ label: entry.label, hex: entry.hex_color })) : null;
  };
  const selected = ordered.find((thumbnail) => thumbnail.prediction_id === selectedPredictionId);
  const others = ordered.filter((thumbnail) => thumbnail.prediction_id !== selectedPredictionId);
  const compared = others.find((thumbnail) => thumbnail.prediction_id === compareId);

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
        <PredictionResult
          projectId={projectId}
          predictionId={selectedPredictionId}
          classes={classesOf(selected?.model_id)}
        />
      )}
      {selected && others.length > 0 && (
        <TextField
          select
          size="small"
          label="Compare with"
          value={compared ? String(compared.prediction_id) : ''}
          onChange={(event) => setCompareId(event.target.value === '' ? null : Number(event.target.value))}
          sx={{ mt: 3, minWidth: 260 }}
        >
          <MenuItem value="">No comparison</MenuItem>
          {others.map((thumbnail) => (
            <MenuItem key={thumbnail.prediction_id} value={String(thumbnail.prediction_id)}>
              {labelOf(thumbnail)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {selected && compared && (
        <Comparison
          projectId={projectId}
          left={{ id: selected.prediction_id, label: labelOf(selected) }}
          right={{ id: compared.prediction_id, label: labelOf(compared) }}
        />
      )}
    </>
  );
}
