import type { PredictionSet } from '@hullscope/contract';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';

interface ClassLegendProps {
  predictions: PredictionSet['predictions'];
  hidden: ReadonlySet<string>;
  onToggle: (label: string) => void;
}

/**
 * The class percentages; each entry also shows or hides its class in the mask (a toggle button,
 * pressed while the class is shown).
 */
export function ClassLegend({ predictions, hidden, onToggle }: ClassLegendProps) {
  return (
    <Box component="ul" aria-label="Class percentages" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {predictions.map((entry) => {
        const shown = !hidden.has(entry.label);
        return (
          <Box component="li" key={entry.label}>
            <ButtonBase
              aria-pressed={shown}
              aria-label={`Show ${entry.label} in the mask`}
              onClick={() => onToggle(entry.label)}
              sx={{
                display: 'flex',
                gap: 1,
                alignItems: 'center',
                width: '100%',
                py: 0.5,
                px: 0.5,
                borderRadius: 1,
                textAlign: 'left',
                opacity: shown ? 1 : 0.55,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <Box
                aria-hidden
                sx={{
                  width: 16,
                  height: 16,
                  flexShrink: 0,
                  borderRadius: 0.5,
                  bgcolor: shown ? entry.hex_color : 'transparent',
                  border: 2,
                  borderColor: shown ? 'divider' : entry.hex_color,
                }}
              />
              <Typography variant="body2" sx={{ flex: 1, textDecoration: shown ? 'none' : 'line-through' }}>
                {entry.label}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {entry.percentage.toFixed(1)} %
              </Typography>
              {shown ? (
                <VisibilityIcon fontSize="small" color="action" />
              ) : (
                <VisibilityOffIcon fontSize="small" color="action" />
              )}
            </ButtonBase>
          </Box>
        );
      })}
    </Box>
  );
}
