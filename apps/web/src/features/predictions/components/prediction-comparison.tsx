import type { PredictionSet } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { imageSource } from '@/lib/data-url';
import { ZoomStage } from './viewer/zoom-stage';

export interface ComparedPrediction {
  label: string;
  set: PredictionSet;
}

const fill = { width: '100%', height: '100%', objectFit: 'contain', display: 'block' } as const;

/** Each class of either prediction once, in the order the first lists them, then the second's own. */
export function comparisonRows(left: PredictionSet, right: PredictionSet) {
  const labels = [...new Set([...left.predictions, ...right.predictions].map((entry) => entry.label))];
  const percentage = (set: PredictionSet, label: string) =>
    set.predictions.find((entry) => entry.label === label)?.percentage;
  return labels.map((label) => ({ label, left: percentage(left, label), right: percentage(right, label) }));
}

const percent = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(1)} %`);

/**
 * Two predictions of one image (e.g. Base and Evo) side by side in one zoom stage, so zoom and pan
 * move both, with one opacity for both masks and their percentages class by class.
 */
export function PredictionComparison({
  left,
  right,
}: {
  left: ComparedPrediction;
  right: ComparedPrediction;
}) {
  const [opacity, setOpacity] = useState(0.5);
  const opacityId = useId();
  const pane = ({ label, set }: ComparedPrediction) => (
    <Box sx={{ position: 'relative', minWidth: 0, height: '100%' }}>
      <Box component="img" src={imageSource(set.ORG.base64_image)} alt="" draggable={false} sx={fill} />
      <Box
        component="img"
        src={imageSource(set.PRED.base64_image)}
        alt={`Prediction mask of ${label}`}
        draggable={false}
        sx={{ ...fill, position: 'absolute', inset: 0, opacity }}
      />
    </Box>
  );
  return (
    <Box component="section" aria-label="Comparison" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {left.label} compared with {right.label}
      </Typography>
      <ZoomStage
        toolbar={
          <Stack direction="row" sx={{ flex: 1 }}>
            <Typography variant="body2" sx={{ flex: 1, fontWeight: 600 }}>
              {left.label}
            </Typography>
            <Typography variant="body2" sx={{ flex: 1, fontWeight: 600 }}>
              {right.label}
            </Typography>
          </Stack>
        }
      >
        <Box
          sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.5, width: '100%', height: '100%' }}
        >
          {pane(left)}
          {pane(right)}
        </Box>
      </ZoomStage>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1 }}>
        <Typography id={opacityId} variant="body2" sx={{ flexShrink: 0 }}>
          Opacity of both masks
        </Typography>
        <Slider
          aria-labelledby={opacityId}
          min={0}
          max={1}
          step={0.01}
          value={opacity}
          onChange={(_, value) => setOpacity(Array.isArray(value) ? (value[0] ?? 0.5) : value)}
        />
      </Stack>
      <Table size="small" aria-label="Percentages compared">
        <TableHead>
          <TableRow>
            <TableCell>Class</TableCell>
            <TableCell align="right">{left.label}</TableCell>
            <TableCell align="right">{right.label}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {comparisonRows(left.set, right.set).map((row) => (
            <TableRow key={row.label}>
              <TableCell>{row.label}</TableCell>
              <TableCell align="right">{percent(row.left)}</TableCell>
              <TableCell align="right">{percent(row.right)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
