import type { ImageDetails } from '@hullscope/contract';
import { hullZoneLabels } from '@hullscope/contract';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';

interface SharedImageListProps {
  images: ImageDetails[];
  /** The prediction shown in the viewer; its image's chip is marked. */
  selectedPredictionId: number | null;
  onOpen: (predictionId: number) => void;
}

/** The inspection's photos that have a prediction; each opens its latest one in the viewer. */
export function SharedImageList({ images, selectedPredictionId, onOpen }: SharedImageListProps) {
  const predicted = images.filter((image) => image.predictions.length > 0);
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" component="nav" aria-label="Photos">
      {predicted.map((image) => {
        const latest = image.predictions[image.predictions.length - 1]!;
        const selected = image.predictions.some(
          (prediction) => prediction.prediction_id === selectedPredictionId,
        );
        return (
          <Chip
            key={image.id}
            label={`${image.image_name}${image.hull_zone ? ` · ${hullZoneLabels[image.hull_zone]}` : ''}`}
            color={selected ? 'primary' : 'default'}
            variant={selected ? 'filled' : 'outlined'}
            onClick={() => onOpen(latest.prediction_id)}
          />
        );
      })}
    </Stack>
  );
}
