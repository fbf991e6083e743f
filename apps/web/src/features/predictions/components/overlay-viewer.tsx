import type { PredictionSet } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfidenceChip } from '@/components/ui/confidence-chip';
import { FoulingRatingChip, noiseFloorNote } from '@/components/ui/fouling-rating-chip';
import { imageSource } from '@/lib/data-url';
import { ClassLegend } from './viewer/class-legend';
import { StatisticsPanel } from './viewer/statistics-panel';
import { useMaskWithoutClasses } from './viewer/use-mask-without-classes';
import { ZoomStage } from './viewer/zoom-stage';

export const INITIAL_OPACITY = 0.5;
export const INITIAL_SPLIT = 50;

/** Mask over the original; a slider line between them; or the two side by side. */
export type ViewerMode = 'overlay' | 'split' | 'side-by-side';

const fill = { width: '100%', height: '100%', objectFit: 'contain', display: 'block' } as const;

/**
 * The original with the prediction mask over it, as wide as the column and zoomable; the slider
 * (0 to 1, step 0.01, 0.5 at first) sets the mask's opacity. A split view and a side-by-side view
 * compare the two; each class can be hidden from its legend entry. The statistics image (enlargeable),
 * the IMO fouling rating and the model's confidence, with a warning when it is low (from a server
 * that gives them), and the class percentages sit below.
 */
export function OverlayViewer({ predictionSet }: { predictionSet: PredictionSet }) {
  const [opacity, setOpacity] = useState(INITIAL_OPACITY);
  const [mode, setMode] = useState<ViewerMode>('overlay');
  const [split, setSplit] = useState(INITIAL_SPLIT);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const sliderLabelId = useId();
  const splitLabelId = useId();
  const {
    ORG,
    PRED,
    STAT,
    predictions,
    fouling_rating: foulingRating,
    confidence,
    low_confidence: lowConfidence,
  } = predictionSet;
  const hiddenColours = predictions
    .filter((entry) => hidden.has(entry.label))
    .map((entry) => entry.hex_color);
  const mask = useMaskWithoutClasses(imageSource(PRED.base64_image), hiddenColours);
  const original = imageSource(ORG.base64_image);
  const noiseNote = noiseFloorNote(foulingRating ?? null);

  const toggleClass = (label: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(label)) next.delete(label);
      else next.add(label);
      return next;
    });

  const maskImage = (clip?: string) => (
    <Box
      component="img"
      src={mask}
      alt={`Prediction mask of ${ORG.image_name}`}
      data-testid="prediction-overlay"
      draggable={false}
      sx={{ ...fill, position: 'absolute', inset: 0 }}
      // Inline: these change with every slider step, which would make a new class each time.
      style={{ opacity, clipPath: clip }}
    />
  );
  const originalImage = (
    <Box component="img" src={original} alt={`Original ${ORG.image_name}`} draggable={false} sx={fill} />
  );

  return (
    <Box component="section" aria-label="Prediction result" sx={{ mt: 2 }}>
      <ZoomStage
        toolbar={
          <ToggleButtonGroup
            size="small"
            exclusive
            aria-label="View"
            value={mode}
            onChange={(_, value: ViewerMode | null) => value && setMode(value)}
          >
            <ToggleButton value="overlay">Overlay</ToggleButton>
            <ToggleButton value="split">Split</ToggleButton>
            <ToggleButton value="side-by-side">Side by side</ToggleButton>
          </ToggleButtonGroup>
        }
      >
        {mode === 'side-by-side' ? (
          <Box
            sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.5, width: '100%', height: '100%' }}
          >
            <Box sx={{ position: 'relative', minWidth: 0 }}>{originalImage}</Box>
            <Box sx={{ position: 'relative', minWidth: 0 }}>
              {originalImage}
              {maskImage()}
            </Box>
          </Box>
        ) : (
          <Box sx={{ position: 'relative', width: '100%', height: '100%' }}>
            {originalImage}
            {maskImage(mode === 'split' ? `inset(0 0 0 ${split}%)` : undefined)}
            {mode === 'split' && (
              <Box
                aria-hidden
                data-testid="split-line"
                style={{ left: `${split}%` }}
                sx={{
                  position: 'absolute',
                  top: 0,
                  bottom: 0,
                  width: 2,
                  ml: '-1px',
                  bgcolor: 'common.white',
                  boxShadow: 1,
                }}
              />
            )}
          </Box>
        )}
      </ZoomStage>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1 }}>
        <Typography id={sliderLabelId} variant="body2" sx={{ flexShrink: 0, width: 96 }}>
          Opacity
        </Typography>
        <Slider
          aria-labelledby={sliderLabelId}
          min={0}
          max={1}
          step={0.01}
          value={opacity}
          valueLabelDisplay="auto"
          valueLabelFormat={(value) => value.toFixed(2)}
          onChange={(_, value) => {
            const chosen = Array.isArray(value) ? (value[0] ?? INITIAL_OPACITY) : value;
            // Keyboard steps of 0.01 accumulate float error; keep the two decimals the step means.
            setOpacity(Math.round(chosen * 100) / 100);
          }}
        />
        <Typography variant="body2" sx={{ width: 40, textAlign: 'right' }} data-testid="opacity-value">
          {opacity.toFixed(2)}
        </Typography>
      </Stack>
      {mode === 'split' && (
        <Stack direction="row" spacing={2} alignItems="center">
          <Typography id={splitLabelId} variant="body2" sx={{ flexShrink: 0, width: 96 }}>
            Split position
          </Typography>
          <Slider
            aria-labelledby={splitLabelId}
            min={0}
            max={100}
            step={1}
            value={split}
            valueLabelDisplay="auto"
            valueLabelFormat={(value) => `${value} %`}
            onChange={(_, value) => setSplit(Array.isArray(value) ? (value[0] ?? INITIAL_SPLIT) : value)}
          />
          <Typography variant="body2" sx={{ width: 40, textAlign: 'right' }}>
            {split} %
          </Typography>
        </Stack>
      )}
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {ORG.image_name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {ORG.width}x{ORG.height}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: 'minmax(0, 3fr) 2fr' }, mt: 2 }}
      >
        <StatisticsPanel statistics={STAT} />
        <Box>
          {foulingRating !== undefined && (
            <Box sx={{ mb: 1 }}>
              <FoulingRatingChip rating={foulingRating} />
              {noiseNote && (
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                  * {noiseNote}
                </Typography>
              )}
            </Box>
          )}
          <ConfidenceChip confidence={confidence} lowConfidence={lowConfidence} />
          <Typography variant="caption" color="text.secondary">
            Select a class to show or hide it in the mask.
          </Typography>
          <ClassLegend predictions={predictions} hidden={hidden} onToggle={toggleClass} />
        </Box>
      </Box>
    </Box>
  );
}
