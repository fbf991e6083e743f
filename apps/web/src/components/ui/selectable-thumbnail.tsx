import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { ReactNode } from 'react';
import { imageSource } from '@/lib/data-url';

interface SelectableThumbnailProps {
  /** The picture; undefined while its page of thumbnails is on its way (a blank of the same size). */
  base64: string | undefined;
  selected: boolean;
  label: string;
  onSelect: () => void;
  /** Whether Tab reaches it; a grid of them keeps one reachable and moves by arrow keys. */
  tabbable?: boolean;
  /** The caption under the picture. */
  children: ReactNode;
}

const pictureSx = { width: '100%', aspectRatio: '4 / 3', display: 'block', borderRadius: 0.5 } as const;

/** A thumbnail button; the selected one has the dashed blue border of spec §2.3. */
export function SelectableThumbnail({
  base64,
  selected,
  label,
  onSelect,
  tabbable = true,
  children,
}: SelectableThumbnailProps) {
  return (
    <ButtonBase
      onClick={onSelect}
      aria-pressed={selected}
      aria-label={label}
      tabIndex={tabbable ? 0 : -1}
      focusRipple
      sx={{
        display: 'block',
        width: '100%',
        borderRadius: 1,
        p: 0.5,
        border: '3px dashed',
        borderColor: selected ? 'primary.main' : 'transparent',
        bgcolor: 'background.paper',
        textAlign: 'left',
      }}
    >
      {base64 === undefined ? (
        <Box data-testid="thumbnail-loading" sx={{ ...pictureSx, bgcolor: 'action.hover' }} />
      ) : (
        <Box component="img" src={imageSource(base64)} alt="" sx={{ ...pictureSx, objectFit: 'cover' }} />
      )}
      {children}
    </ButtonBase>
  );
}
