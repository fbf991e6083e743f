import { HULL_ZONES, type HullZone, hullZoneLabels } from '@hullscope/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { UNASSIGNED_LABEL } from './hull-zone-select';

/** Which thumbnails to show: all, those without a zone, or those of one zone. */
export type ZoneFilterValue = 'all' | 'unassigned' | HullZone;

/** What the filter needs of an image. */
export interface ZonedImage {
  hull_zone?: HullZone | null;
}

export function filterByZone<T extends ZonedImage>(thumbnails: readonly T[], filter: ZoneFilterValue): T[] {
  if (filter === 'all') return [...thumbnails];
  const wanted = filter === 'unassigned' ? null : filter;
  return thumbnails.filter((thumbnail) => (thumbnail.hull_zone ?? null) === wanted);
}

interface ZoneFilterProps {
  thumbnails: readonly ZonedImage[];
  value: ZoneFilterValue;
  onChange: (value: ZoneFilterValue) => void;
}

/**
 * Filters the thumbnail grid by hull zone (issue 18 §3). Offers the zones the project's images
 * have, in the order of the hull, each with its number of images (and the chosen one, even at 0).
 */
export function ZoneFilter({ thumbnails, value, onChange }: ZoneFilterProps) {
  const counts = new Map<HullZone | null, number>();
  for (const thumbnail of thumbnails) {
    const zone = thumbnail.hull_zone ?? null;
    counts.set(zone, (counts.get(zone) ?? 0) + 1);
  }
  const zones = HULL_ZONES.filter((zone) => counts.has(zone) || zone === value);
  const options: { value: ZoneFilterValue; label: string }[] = [
    { value: 'all', label: `All zones (${thumbnails.length})` },
    ...(counts.has(null) || value === 'unassigned'
      ? [{ value: 'unassigned' as const, label: `${UNASSIGNED_LABEL} (${counts.get(null) ?? 0})` }]
      : []),
    ...zones.map((zone) => ({ value: zone, label: `${hullZoneLabels[zone]} (${counts.get(zone) ?? 0})` })),
  ];
  return (
    <TextField
      select
      size="small"
      label="Filter by zone"
      value={value}
      onChange={(event) =>
        onChange(options.find((option) => option.value === event.target.value)?.value ?? 'all')
      }
      sx={{ mb: 1 }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
