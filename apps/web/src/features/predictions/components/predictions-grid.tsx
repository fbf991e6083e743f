import { SelectableThumbnail } from '@/components/ui/selectable-thumbnail';
import type { PredictionThumbnail } from '@hullscope/contract';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export const MODEL_NAME_MISSING = 'model name missing';
export const RESOLUTION_NAME_MISSING = 'resolution name missing';

interface PredictionsGridProps {
  thumbnails: PredictionThumbnail[];
  modelOrder: number[];
  resolutionOrder: number[];
  modelNames: ReadonlyMap<number, string>;
  resolutionNames: ReadonlyMap<number, string>;
  selectedId: number | null;
  onSelect: (predictionId: number) => void;
}

/** Orders thumbnails models × resolutions, as the API lists the ids. */
export function orderPredictions(
  thumbnails: PredictionThumbnail[],
  modelOrder: number[],
  resolutionOrder: number[],
): PredictionThumbnail[] {
  const rank = (order: number[], id: number) => {
    const index = order.indexOf(id);
    return index === -1 ? order.length : index;
  };
  return [...thumbnails].sort(
    (a, b) =>
      rank(modelOrder, a.model_id) - rank(modelOrder, b.model_id) ||
      rank(resolutionOrder, a.resolution_id) - rank(resolutionOrder, b.resolution_id),
  );
}

export function PredictionsGrid({
  thumbnails,
  modelOrder,
  resolutionOrder,
  modelNames,
  resolutionNames,
  selectedId,
  onSelect,
}: PredictionsGridProps) {
  if (thumbnails.length === 0) {
    return <Typography color="text.secondary">No predictions available for this image.</Typography>;
  }
  return (
    <Box
      role="list"
      aria-label="Predictions"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 1 }}
    >
      {orderPredictions(thumbnails, modelOrder, resolutionOrder).map((thumbnail) => {
        const modelName = modelNames.get(thumbnail.model_id) ?? MODEL_NAME_MISSING;
        const resolutionName = resolutionNames.get(thumbnail.resolution_id) ?? RESOLUTION_NAME_MISSING;
        const selected = thumbnail.prediction_id === selectedId;
        // Flagged here too, so a doubtful result is seen before it is opened (issue 19 §2).
        const low = thumbnail.low_confidence === true;
        return (
          <Box role="listitem" key={thumbnail.prediction_id}>
            <SelectableThumbnail
              base64={thumbnail.base64_thumbnail}
              selected={selected}
              label={`Prediction ${modelName}, ${resolutionName}${low ? ', low confidence' : ''}`}
              onSelect={() => onSelect(thumbnail.prediction_id)}
            >
              <Typography
                variant="caption"
                component="span"
                sx={{ display: 'block', fontWeight: 600 }}
                noWrap
              >
                {modelName}
              </Typography>
              <Typography
                variant="caption"
                component="span"
                color="text.secondary"
                sx={{ display: 'block' }}
                noWrap
              >
                {resolutionName}
              </Typography>
              {low && (
                <Typography
                  variant="caption"
                  component="span"
                  color="warning.main"
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                  noWrap
                >
                  <WarningAmberIcon sx={{ fontSize: 14 }} aria-hidden />
                  Low confidence
                </Typography>
              )}
            </SelectableThumbnail>
          </Box>
        );
      })}
    </Box>
  );
}
