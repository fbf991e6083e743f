import {
  type GaDrawing,
  type HullZone,
  IMO_RATING_COLOURS,
  type PlanPin as ApiPin,
  areaKindOf,
  planFill,
} from '@hullscope/contract';
import Typography from '@mui/material/Typography';
import { GaDrawingFigure } from '@/components/ui/ga-drawing-figure';
import type { PlanAreaState } from '@/components/ui/hull-plan-drawing';
import { type PlanPin, PlanPinMarker } from '@/components/ui/plan-pin-marker';

/** The plan's pins are sized for a drawing about this many units wide. */
const PLAN_UNITS = 1100;

/**
 * The inspection's photos on the vessel's own GA drawing: each zone's photos in a row across its
 * rectangle's middle, at its centre when alone. Photos of zones not placed on the drawing are named.
 */
export function GaDrawingPins({
  drawing,
  image,
  pins,
  areas,
}: {
  drawing: GaDrawing;
  image: Blob;
  pins: (ApiPin & Pick<PlanPin, 'onOpen' | 'onSelect'>)[];
  areas: Partial<Record<HullZone, PlanAreaState>>;
}) {
  const rectangles = new Map(drawing.zones.map((zone) => [zone.hull_zone, zone]));
  const placed: PlanPin[] = [];
  const elsewhere: string[] = [];
  const byZone = new Map<HullZone | null, typeof pins>();
  for (const pin of pins) byZone.set(pin.hull_zone, [...(byZone.get(pin.hull_zone) ?? []), pin]);
  for (const [zone, zonePins] of byZone) {
    const rectangle = zone ? rectangles.get(zone) : undefined;
    if (!rectangle) {
      elsewhere.push(...zonePins.map((pin) => pin.image_name));
      continue;
    }
    zonePins.forEach((pin, index) =>
      placed.push({
        key: pin.image_id,
        number: pin.number,
        view: pin.view,
        x: rectangle.x + (rectangle.width * (index + 1)) / (zonePins.length + 1),
        y: rectangle.y + rectangle.height / 2,
        label: pin.image_name,
        placement: 'zone',
        onOpen: pin.onOpen,
        onSelect: pin.onSelect,
      }),
    );
  }
  const scale = Math.max(drawing.width, drawing.height) / PLAN_UNITS;
  return (
    <>
      <GaDrawingFigure
        image={image}
        width={drawing.width}
        height={drawing.height}
        zones={drawing.zones}
        fillOf={(zone) => planFill(areaKindOf(zone), areas[zone], IMO_RATING_COLOURS)}
      >
        {placed.map((pin) => (
          <PlanPinMarker key={pin.key} pin={pin} scale={scale} toDrawing={() => ({ x: pin.x, y: pin.y })} />
        ))}
      </GaDrawingFigure>
      <Typography variant="body2" color="text.secondary">
        On the GA drawing, photos are shown by their zone; place them by hand on the drawn plan.
        {elsewhere.length > 0 && ` Zone not placed on the drawing: ${elsewhere.join(', ')}.`}
      </Typography>
    </>
  );
}
