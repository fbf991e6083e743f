import type { VesselInspection } from '@hullscope/contract';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';

/** The inspections a trend can place: dated and rated, oldest first (as the API orders them). */
export function trendPoints(inspections: VesselInspection[]) {
  return inspections.filter(
    (inspection): inspection is VesselInspection & { inspection_date: string } =>
      inspection.inspection_date !== null && inspection.overall_rating !== null,
  );
}

/** "Macrofouling 7.8 % → 22.0 % over 2 inspections": what the small chart shows, in words. */
export function trendText(inspections: VesselInspection[]): string {
  const points = trendPoints(inspections);
  if (points.length === 0) return 'No rated inspection yet';
  const values = points.map((point) => `${(point.macrofouling_percentage ?? 0).toFixed(1)} %`);
  return `Macrofouling ${values.join(' → ')} over ${points.length} rated inspection${points.length === 1 ? '' : 's'}`;
}

/** A small line of macrofouling per inspection over time, for the fleet table (issue 18 §7). */
export function FoulingSparkline({ inspections }: { inspections: VesselInspection[] }) {
  const points = trendPoints(inspections);
  const text = trendText(inspections);
  if (points.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  return (
    <div role="img" aria-label={text} title={text}>
      <SparkLineChart
        data={points.map((point) => point.macrofouling_percentage ?? 0)}
        height={32}
        width={120}
        showHighlight
        showTooltip
        yAxis={{ min: 0, max: 100 }}
        xAxis={{ scaleType: 'point', data: points.map((point) => point.inspection_date) }}
        valueFormatter={(value) => `${(value ?? 0).toFixed(1)} % macrofouling`}
      />
    </div>
  );
}

/**
 * The vessel's fouling over its inspections: macrofouling % (left axis) and the IMO rating (right
 * axis, 0 to 4) per dated, rated inspection.
 */
export function FoulingTrendChart({ inspections }: { inspections: VesselInspection[] }) {
  const points = trendPoints(inspections);
  if (points.length < 1) {
    return (
      <Typography color="text.secondary">
        The trend appears once an inspection with a date has a rated prediction.
      </Typography>
    );
  }
  return (
    <div role="img" aria-label={`Fouling trend: ${trendText(inspections)}`}>
      <LineChart
        height={260}
        xAxis={[
          {
            scaleType: 'point',
            data: points.map((point) => point.inspection_date),
            label: 'Inspection date',
          },
        ]}
        yAxis={[
          { id: 'macrofouling', min: 0, max: 100, label: 'Macrofouling %' },
          { id: 'rating', min: 0, max: 4, position: 'right', label: 'IMO rating', tickNumber: 5 },
        ]}
        series={[
          {
            label: 'Macrofouling %',
            yAxisId: 'macrofouling',
            data: points.map((point) => point.macrofouling_percentage ?? 0),
            valueFormatter: (value) => `${(value ?? 0).toFixed(1)} %`,
            color: '#c62828',
          },
          {
            label: 'IMO rating',
            yAxisId: 'rating',
            data: points.map((point) => point.overall_rating!.value),
            curve: 'stepAfter',
            color: '#1565c0',
          },
        ]}
      />
    </div>
  );
}
