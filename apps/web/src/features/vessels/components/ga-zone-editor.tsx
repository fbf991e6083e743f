import {
  type GaDrawing,
  type GaDrawingZone,
  HULL_ZONES,
  type HullZone,
  hullZoneLabels,
} from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type DraftRectangle, GaDrawingFigure } from '@/components/ui/ga-drawing-figure';
import { ApiError, messageOf } from '@/lib/api-errors';
import { useUpdateGaDrawingZones } from '../api/ga-drawing';

const SIDES = ['x', 'y', 'width', 'height'] as const;
const SIDE_LABELS: Record<(typeof SIDES)[number], string> = {
  x: 'Left (px)',
  y: 'Top (px)',
  width: 'Width (px)',
  height: 'Height (px)',
};

function sortedByZone(zones: GaDrawingZone[]): GaDrawingZone[] {
  return [...zones].sort((a, b) => HULL_ZONES.indexOf(a.hull_zone) - HULL_ZONES.indexOf(b.hull_zone));
}

/**
 * Places the hull zones on the GA drawing: pick a zone, drag its rectangle on the drawing or type its
 * numbers, then save them all at once (the API checks each lies inside the drawing).
 */
export function GaZoneEditor({
  vesselId,
  drawing,
  image,
}: {
  vesselId: number;
  drawing: GaDrawing;
  image: Blob;
}) {
  const [zones, setZones] = useState<GaDrawingZone[]>(drawing.zones);
  const [selected, setSelected] = useState<HullZone>(drawing.zones[0]?.hull_zone ?? 'flat_bottom');
  const save = useUpdateGaDrawingZones(vesselId);
  const current = zones.find((zone) => zone.hull_zone === selected);
  const changed = JSON.stringify(sortedByZone(zones)) !== JSON.stringify(drawing.zones);

  const place = (rectangle: DraftRectangle) =>
    setZones((all) => [
      ...all.filter((zone) => zone.hull_zone !== selected),
      { hull_zone: selected, ...rectangle },
    ]);
  const setSide = (side: (typeof SIDES)[number], value: string) => {
    const number = Number(value);
    if (!Number.isFinite(number)) return;
    const base = current ?? { hull_zone: selected, x: 0, y: 0, width: 1, height: 1 };
    place({ ...base, [side]: Math.round(number) });
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        Choose a zone, then drag its rectangle on the drawing, or type its numbers in drawing pixels. Photos
        of the zone are pinned in a row across the rectangle’s middle.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Zone to place"
          value={selected}
          onChange={(event) => setSelected(event.target.value as HullZone)}
          sx={{ minWidth: 220 }}
        >
          {HULL_ZONES.map((zone) => (
            <MenuItem key={zone} value={zone}>
              {hullZoneLabels[zone]}
              {zones.some((placed) => placed.hull_zone === zone) ? ' ✓' : ''}
            </MenuItem>
          ))}
        </TextField>
        {SIDES.map((side) => (
          <TextField
            key={side}
            size="small"
            type="number"
            label={SIDE_LABELS[side]}
            value={current?.[side] ?? ''}
            onChange={(event) => setSide(side, event.target.value)}
            slotProps={{ htmlInput: { min: side === 'width' || side === 'height' ? 1 : 0, step: 1 } }}
            sx={{ width: 130, flexShrink: 0 }}
          />
        ))}
        <Button
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          disabled={!current}
          onClick={() => setZones((all) => all.filter((zone) => zone.hull_zone !== selected))}
        >
          Remove zone
        </Button>
      </Stack>
      <GaDrawingFigure
        image={image}
        width={drawing.width}
        height={drawing.height}
        zones={zones}
        selected={selected}
        onDraw={place}
      />
      {save.isError && (
        <Alert severity="error">
          The zones were not saved:{' '}
          {save.error instanceof ApiError
            ? messageOf(save.error.data, save.error.message)
            : save.error.message}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          disabled={!changed || save.isPending}
          onClick={() => save.mutate(sortedByZone(zones))}
        >
          Save zones
        </Button>
        <Button disabled={!changed || save.isPending} onClick={() => setZones(drawing.zones)}>
          Undo changes
        </Button>
      </Stack>
    </Stack>
  );
}
