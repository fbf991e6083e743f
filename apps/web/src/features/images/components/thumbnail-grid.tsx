import { SelectableThumbnail } from '@/components/ui/selectable-thumbnail';
import { type ImageThumbnail, hullZoneLabels } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface ThumbnailGridProps {
  thumbnails: ImageThumbnail[];
  selectedId: number | null;
  onSelect: (imageId: number) => void;
  /** Shown when there are no thumbnails; by default the invitation to upload. */
  emptyText?: string;
}

/** Two columns, scrolling beyond 450 px; the selected image has a dashed blue border (spec §2.3). */
export function ThumbnailGrid({
  thumbnails,
  selectedId,
  onSelect,
  emptyText = 'No images yet. Upload hull images to get started.',
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
        return (
          <Box role="listitem" key={thumbnail.id}>
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
          </Box>
        );
      })}
    </Box>
  );
}
