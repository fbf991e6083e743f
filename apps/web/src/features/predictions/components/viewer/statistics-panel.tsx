import type { ResultImage } from '@hullscope/contract';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { imageSource } from '@/lib/data-url';

/**
 * The statistics chart at a width it can be read at (never wider than drawn, so never blurred) and,
 * on request, in a dialog as large as the screen allows.
 */
export function StatisticsPanel({ statistics }: { statistics: ResultImage }) {
  const [enlarged, setEnlarged] = useState(false);
  const titleId = useId();
  const source = imageSource(statistics.base64_image);
  return (
    <Box>
      <ButtonBase
        focusRipple
        aria-label="Enlarge the statistics"
        onClick={() => setEnlarged(true)}
        sx={{ display: 'block', width: '100%', borderRadius: 1, cursor: 'zoom-in' }}
      >
        <Box
          component="img"
          src={source}
          alt="Statistics of the prediction"
          sx={{ display: 'block', width: '100%', maxWidth: statistics.width, minWidth: 0, borderRadius: 1 }}
        />
      </ButtonBase>
      <Button size="small" startIcon={<OpenInFullIcon />} onClick={() => setEnlarged(true)} sx={{ mt: 0.5 }}>
        Enlarge statistics
      </Button>
      <Dialog
        open={enlarged}
        onClose={() => setEnlarged(false)}
        maxWidth="xl"
        fullWidth
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>Statistics</DialogTitle>
        <DialogContent>
          <Box
            component="img"
            src={source}
            alt="Statistics of the prediction, enlarged"
            sx={{ display: 'block', width: '100%' }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEnlarged(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
