import type { PredictionSet } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FoulingRatingChip } from '@/components/ui/fouling-rating-chip';
import { imageSource } from '@/lib/data-url';

export const INITIAL_OPACITY = 0.5;
/** Fits original and mask (same size, so the same letterboxing) beside the statistics on a laptop. */
const VIEWER_HEIGHT = 420;

/**
 * The original with the prediction mask over it; the slider (0 to 1, step 0.01, 0.5 at first)
 * sets the mask's opacity. The statistics image, the IMO fouling rating (from a server that gives
 * one) and the class percentages sit beside it.
 */
export function OverlayViewer({ predictionSet }: { predictionSet: PredictionSet }) {
  const [opacity, setOpacity] = useState(INITIAL_OPACITY);
  const sliderLabelId = useId();
  const { ORG, PRED, STAT, predictions, fouling_rating: foulingRating } = predictionSet;

  return (
    <Box
      component="section"
      aria-label="Prediction result"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, mt: 2 }}
    >
      <Box>
        <Box
          sx={{
            position: 'relative',
            lineHeight: 0,
            borderRadius: 1,
            overflow: 'hidden',
            bgcolor: 'grey.900',
          }}
        >
          <Box
            component="img"
            src={imageSource(ORG.base64_image)}
            alt={`Original ${ORG.image_name}`}
            sx={{ width: '100%', height: VIEWER_HEIGHT, objectFit: 'contain', display: 'block' }}
          />
          <Box
            component="img"
            src={imageSource(PRED.base64_image)}
            alt={`Prediction mask of ${ORG.image_name}`}
            data-testid="prediction-overlay"
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'contain',
              opacity,
            }}
          />
        </Box>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1 }}>
          <Typography id={sliderLabelId} variant="body2" sx={{ flexShrink: 0 }}>
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
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {ORG.image_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {ORG.width}x{ORG.height}
        </Typography>
      </Box>
      <Box>
        <Box
          component="img"
          src={imageSource(STAT.base64_image)}
          alt="Statistics of the prediction"
          sx={{ width: '100%', borderRadius: 1 }}
        />
        {foulingRating !== undefined && (
          <Box sx={{ mt: 1 }}>
            <FoulingRatingChip rating={foulingRating} />
          </Box>
        )}
        <Box component="ul" aria-label="Class percentages" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {predictions.map((entry) => (
            <Stack
              component="li"
              key={entry.label}
              direction="row"
              spacing={1}
              alignItems="center"
              sx={{ py: 0.25 }}
            >
              <Box
                aria-hidden
                sx={{
                  width: 14,
                  height: 14,
                  borderRadius: 0.5,
                  bgcolor: entry.hex_color,
                  border: 1,
                  borderColor: 'divider',
                }}
              />
              <Typography variant="body2" sx={{ flex: 1 }}>
                {entry.label}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {entry.percentage.toFixed(1)} %
              </Typography>
            </Stack>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
