import KeyboardIcon from '@mui/icons-material/Keyboard';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { MASK_EDITOR_SHORTCUTS } from './shortcuts';

/** The keyboard shortcuts in a popover, opened by its button or by `?`. */
export function EditorHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const anchor = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Tooltip title="Keyboard shortcuts (?)">
        <IconButton ref={anchor} aria-label="Keyboard shortcuts" onClick={() => onOpenChange(!open)}>
          <KeyboardIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={anchor.current}
        onClose={() => onOpenChange(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ p: 2, maxWidth: 420 }}>
          <Typography variant="subtitle2" component="h2" gutterBottom>
            Keyboard shortcuts
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
          >
            {MASK_EDITOR_SHORTCUTS.map((shortcut) => (
              <Box key={shortcut.keys} sx={{ display: 'contents' }}>
                <Typography
                  component="dt"
                  variant="body2"
                  sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
                >
                  {shortcut.keys}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {shortcut.action}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      </Popover>
    </>
  );
}
