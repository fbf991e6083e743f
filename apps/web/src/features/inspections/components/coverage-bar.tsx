import type { LabelPercentage } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

/** "Hard Fouling 14 %, Clean Structure 86 %": what the bar shows, for screen readers and tooltips. */
export function coverageText(coverage: LabelPercentage[]): string {
  const shown = coverage.filter((entry) => entry.percentage > 0);
  if (shown.length === 0) return 'No hull surface rated';
  return shown.map((entry) => `${entry.label} ${entry.percentage.toFixed(1)} %`).join(', ');
}

/** One horizontal bar of a zone's pooled coverage, each class in its colour (issue 18 §5). */
export function CoverageBar({ coverage, height = 14 }: { coverage: LabelPercentage[]; height?: number }) {
  const text = coverageText(coverage);
  return (
    <Tooltip title={text}>
      <Box
        role="img"
        aria-label={`Coverage: ${text}`}
        sx={{
          display: 'flex',
          height,
          minWidth: 120,
          borderRadius: 0.5,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
        }}
      >
        {coverage
          .filter((entry) => entry.percentage > 0)
          .map((entry) => (
            <Box key={entry.label} sx={{ width: `${entry.percentage}%`, bgcolor: entry.hex_color }} />
          ))}
      </Box>
    </Tooltip>
  );
}

/** The classes' colours and names, as the bars use them. */
export function CoverageLegend({ coverage }: { coverage: LabelPercentage[] }) {
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}>
      {coverage.map((entry) => (
        <Box component="li" key={entry.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box sx={{ width: 12, height: 12, borderRadius: 0.25, bgcolor: entry.hex_color }} />
          <span>{entry.label}</span>
        </Box>
      ))}
    </Box>
  );
}
