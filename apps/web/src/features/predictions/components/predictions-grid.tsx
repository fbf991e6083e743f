import type { PredictionThumbnail } from '@hullscope/contract';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { imageSource } from '@/lib/data-url';

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
        return (
          <Box role="listitem" key={thumbnail.prediction_id}>
            <ButtonBase
              onClick={() => onSelect(thumbnail.prediction_id)}
              aria-pressed={selected}
              aria-label={`Prediction ${modelName}, ${resolutionName}`}
              focusRipple
              sx={{
                display: 'block',
                width: '100%',
                p: 0.5,
                borderRadius: 1,
                border: '3px dashed',
                borderColor: selected ? 'primary.main' : 'transparent',
                bgcolor: 'background.paper',
                textAlign: 'left',
              }}
            >
              <Box
                component="img"
                src={imageSource(thumbnail.base64_thumbnail)}
                alt=""
                sx={{
                  width: '100%',
                  aspectRatio: '4 / 3',
                  objectFit: 'cover',
                  display: 'block',
                  borderRadius: 0.5,
                }}
              />
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
            </ButtonBase>
          </Box>
        );
      })}
    </Box>
  );
}
