import type { FuelPenaltyEstimate } from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

const percent = (value: number) => `${value.toFixed(1)} %`;

/** The fuel penalty estimate with its source, method, assumptions and uncertainty beside the figure. */
export function FuelPenaltyCard({ fuel }: { fuel: FuelPenaltyEstimate }) {
  const power = fuel.added_shaft_power_percent;
  return (
    <Box component="section" aria-labelledby="fuel-penalty-title">
      <Stack direction="row" spacing={1} alignItems="center">
        <Typography id="fuel-penalty-title" variant="subtitle1" component="h3">
          Fuel penalty
        </Typography>
        <Chip size="small" color="warning" label={fuel.label} />
      </Stack>
      {power ? (
        <Typography>
          About <strong>{percent(power.central)}</strong> more shaft power (range {percent(power.low)} to{' '}
          {percent(power.high)}) than the same hull clean and newly coated, at{' '}
          {fuel.reference_speed.toLowerCase()}.
        </Typography>
      ) : (
        <Alert severity="info">No photo was rated: no estimate.</Alert>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        Source: {fuel.source.citation}. doi:{fuel.source.doi}.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {fuel.method}
      </Typography>
      <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
        {fuel.assumptions.map((assumption) => (
          <Typography component="li" variant="body2" color="text.secondary" key={assumption}>
            {assumption}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        Uncertainty: {fuel.uncertainty}
      </Typography>
    </Box>
  );
}
