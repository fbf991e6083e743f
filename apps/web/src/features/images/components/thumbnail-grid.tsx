import { SelectableThumbnail } from '@/components/ui/selectable-thumbnail';
import { type ImageThumbnail, hullZoneLabels } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

interface ThumbnailGridProps {
  thumbnails: ImageThumbnail[];
  selectedId: number | null;
  onSelect: (imageId: number) => void;
  /** Shown when there are no thumbnails; by default the invitation to upload. */
  emptyText?: string;
  /** Each image's number of predictions; an image missing here shows no mark. */
  predictionCounts?: ReadonlyMap<number, number>;
  /** The images ticked for a batch action (issue 22); without onCheck no check boxes are shown. */
  checked?: ReadonlySet<number>;
  onCheck?: (imageId: number, checked: boolean) => void;
}

const predictionsLabel = (count: number) => `${count} ${count === 1 ? 'prediction' : 'predictions'}`;

/** Two columns, scrolling beyond 450 px; the selected image has a dashed blue border (spec §2.3). */
export function ThumbnailGrid({
  thumbnails,
  selectedId,
  onSelect,
  emptyText = 'No images yet. Upload hull images to get started.',
  predictionCounts,
  checked,
  onCheck,
}: ThumbnailGridProps) {
  if (thumbnails.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <Box
      role="list"
      aria-label="Project images"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        gap: 1,
        maxHeight: 450,
        overflowY: 'auto',
        p: 0.5,
      }}
    >
      {thumbnails.map((thumbnail) => {
        const selected = thumbnail.id === selectedId;
        const count = predictionCounts?.get(thumbnail.id);
        return (
          <Box role="listitem" key={thumbnail.id} sx={{ position: 'relative' }}>
            <SelectableThumbnail
              base64={thumbnail.base64_thumbnail}
              selected={selected}
              label={thumbnail.image_name}
              onSelect={() => onSelect(thumbnail.id)}
            >
              <Typography variant="caption" noWrap component="span" sx={{ display: 'block', mt: 0.5 }}>
                {thumbnail.image_name}
              </Typography>
              {thumbnail.hull_zone && (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  noWrap
                  component="span"
                  sx={{ display: 'block' }}
                >
                  {hullZoneLabels[thumbnail.hull_zone]}
                </Typography>
              )}
            </SelectableThumbnail>
            {count !== undefined && (
              <Chip
                size="small"
                color={count > 0 ? 'primary' : 'default'}
                label={count}
                title={predictionsLabel(count)}
                aria-label={predictionsLabel(count)}
                data-testid="prediction-count"
                sx={{ position: 'absolute', top: 10, right: 10, pointerEvents: 'none', fontWeight: 600 }}
              />
            )}
            {onCheck && (
              <Checkbox
                size="small"
                checked={checked?.has(thumbnail.id) ?? false}
                onChange={(event) => onCheck(thumbnail.id, event.target.checked)}
                slotProps={{ input: { 'aria-label': `Select ${thumbnail.image_name}` } }}
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
      })}
    </Box>
  );
}
