import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { MiddleEllipsisText } from '@/components/ui/middle-ellipsis-text';
import { imageSource } from '@/lib/data-url';

/**
 * An image to tick: its picture when the grid has fetched its page (the checklist fetches none of
 * its own, issue 21), a blank of the same size otherwise.
 */
export interface ChecklistImage {
  id: number;
  image_name: string;
  base64_thumbnail?: string;
}

interface ImageChecklistProps {
  thumbnails: readonly ChecklistImage[];
  selected: ReadonlySet<number>;
  open: boolean;
  onToggleOpen: () => void;
  onChange: (selected: Set<number>) => void;
  /** More ways to fill the selection, after Select All and Deselect All. */
  actions?: ReactNode;
}

const pictureSx = { width: 48, height: 36, borderRadius: 0.5, flexShrink: 0 } as const;

/** The dialog's image choice: a collapsible checklist (max height 600, 20 px between columns). */
export function ImageChecklist({
  thumbnails,
  selected,
  open,
  onToggleOpen,
  onChange,
  actions,
}: ImageChecklistProps) {
  const listId = useId();
  const toggle = (imageId: number) => {
    const next = new Set(selected);
    if (next.has(imageId)) next.delete(imageId);
    else next.add(imageId);
    onChange(next);
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Button
          variant="outlined"
          onClick={onToggleOpen}
          aria-expanded={open}
          aria-controls={listId}
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        >
          Images: {selected.size} of {thumbnails.length} selected
        </Button>
        <Button onClick={() => onChange(new Set(thumbnails.map((thumbnail) => thumbnail.id)))}>
          Select All
        </Button>
        <Button onClick={() => onChange(new Set())}>Deselect All</Button>
        {actions}
      </Stack>
      <Collapse in={open} id={listId}>
        {thumbnails.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            This project has no images yet.
          </Typography>
        ) : (
          <Box
            role="group"
            aria-label="Images to predict"
            sx={{
              mt: 1,
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
              columnGap: '20px',
              rowGap: 1,
              maxHeight: 600,
              overflowY: 'auto',
            }}
          >
            {thumbnails.map((thumbnail) => (
              <FormControlLabel
                key={thumbnail.id}
                sx={{
                  m: 0,
                  minWidth: 0,
                  width: '100%',
                  '& .MuiFormControlLabel-label': { minWidth: 0, overflow: 'hidden' },
                }}
                control={
                  <Checkbox checked={selected.has(thumbnail.id)} onChange={() => toggle(thumbnail.id)} />
                }
                label={
                  <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0 }}>
                    {thumbnail.base64_thumbnail === undefined ? (
                      <Box sx={{ ...pictureSx, bgcolor: 'action.hover' }} />
                    ) : (
                      <Box
                        component="img"
                        src={imageSource(thumbnail.base64_thumbnail)}
                        alt=""
                        sx={{ ...pictureSx, objectFit: 'cover' }}
                      />
                    )}
                    <MiddleEllipsisText text={thumbnail.image_name} />
                  </Stack>
                }
              />
            ))}
          </Box>
        )}
      </Collapse>
    </Box>
  );
}
