import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef } from 'react';

interface ImagePagerProps {
  /** The images in the order shown (filtered and sorted). */
  imageIds: number[];
  currentId: number;
  onGo: (imageId: number) => void;
}

/** Whether a key press belongs to what has the focus (a text field, a slider, a menu) or a dialog. */
function keyIsTaken(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (
    target?.closest(
      'input, textarea, select, [contenteditable="true"], [role="slider"], [role="listbox"], [role="menu"]',
    )
  ) {
    return true;
  }
  return document.querySelector('[role="dialog"], [role="presentation"].MuiModal-root') !== null;
}

/** Previous / next image in the grid's order, by buttons and by the ← and → keys. */
export function ImagePager({ imageIds, currentId, onGo }: ImagePagerProps) {
  const index = imageIds.indexOf(currentId);
  const previous = index > 0 ? imageIds[index - 1] : undefined;
  const next = index >= 0 && index < imageIds.length - 1 ? imageIds[index + 1] : undefined;
  // The image last asked for until the new one is shown: a second click or key press before that
  // steps on from it, instead of asking for the same image again.
  const asked = useRef<number | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [currentId]);

  /** Asks for the image `step` places away from the one shown or asked for; false if there is none. */
  const go = useCallback(
    (step: -1 | 1): boolean => {
      const from = imageIds.indexOf(asked.current ?? currentId);
      const to = from >= 0 ? imageIds[from + step] : undefined;
      if (to === undefined) return false;
      asked.current = to;
      onGo(to);
      return true;
    },
    [imageIds, currentId, onGo],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (keyIsTaken(event)) return;
      if (go(event.key === 'ArrowLeft' ? -1 : 1)) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  return (
    <Stack direction="row" alignItems="center" spacing={0.5}>
      <Tooltip title="Previous image (←)">
        <span>
          <IconButton aria-label="Previous image" disabled={previous === undefined} onClick={() => go(-1)}>
            <NavigateBeforeIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="image-position"
        sx={{ minWidth: 56, textAlign: 'center' }}
      >
        {index >= 0 ? `${index + 1} of ${imageIds.length}` : `– of ${imageIds.length}`}
      </Typography>
      <Tooltip title="Next image (→)">
        <span>
          <IconButton aria-label="Next image" disabled={next === undefined} onClick={() => go(1)}>
            <NavigateNextIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
