import { SelectableThumbnail } from '@/components/ui/selectable-thumbnail';
import { hullZoneLabels } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { QualityChip } from '@/components/ui/quality-chip';
import type { ListedImage } from '../lib/listed-image';

interface ThumbnailTileProps {
  image: ListedImage;
  /** Undefined while its page is on its way. */
  base64: string | undefined;
  selected: boolean;
  onSelect: (imageId: number) => void;
  /** Its number of predictions; undefined shows no mark. */
  predictionCount: number | undefined;
  /** Without onCheck no check box is shown. */
  checked: boolean;
  onCheck?: (imageId: number, checked: boolean) => void;
  /** Whether Tab reaches its button and check box: true for one tile of the grid only. */
  tabbable: boolean;
}

const predictionsLabel = (count: number) => `${count} ${count === 1 ? 'prediction' : 'predictions'}`;

/**
 * One image of the grid: its picture and name (and zone), its photo quality, its predictions' count,
 * its check box.
 */
export function ThumbnailTile({
  image,
  base64,
  selected,
  onSelect,
  predictionCount,
  checked,
  onCheck,
  tabbable,
}: ThumbnailTileProps) {
  return (
    <Box role="listitem" data-image-id={image.id} sx={{ position: 'relative', minWidth: 0 }}>
      <SelectableThumbnail
        base64={base64}
        selected={selected}
        label={image.image_name}
        onSelect={() => onSelect(image.id)}
        tabbable={tabbable}
      >
        <Typography variant="caption" noWrap component="span" sx={{ display: 'block', mt: 0.5 }}>
          {image.image_name}
        </Typography>
        {image.hull_zone && (
          <Typography
            variant="caption"
            color="text.secondary"
            noWrap
            component="span"
            sx={{ display: 'block' }}
          >
            {hullZoneLabels[image.hull_zone]}
          </Typography>
        )}
      </SelectableThumbnail>
      {image.quality && (
        <Box sx={{ position: 'absolute', top: 38, right: 10 }}>
          <QualityChip quality={image.quality} />
        </Box>
      )}
      {predictionCount !== undefined && (
        <Chip
          size="small"
          color={predictionCount > 0 ? 'primary' : 'default'}
          label={predictionCount}
          title={predictionsLabel(predictionCount)}
          aria-label={predictionsLabel(predictionCount)}
          data-testid="prediction-count"
          sx={{ position: 'absolute', top: 10, right: 10, pointerEvents: 'none', fontWeight: 600 }}
        />
      )}
      {onCheck && (
        <Checkbox
          size="small"
          checked={checked}
          onChange={(event) => onCheck(image.id, event.target.checked)}
          tabIndex={tabbable ? 0 : -1}
          slotProps={{ input: { 'aria-label': `Select ${image.image_name}` } }}
          sx={{
            position: 'absolute',
            top: 4,
            left: 4,
            p: 0.25,
            bgcolor: 'background.paper',
            borderRadius: 1,
            '&:hover': { bgcolor: 'background.paper' },
          }}
        />
      )}
    </Box>
  );
}
