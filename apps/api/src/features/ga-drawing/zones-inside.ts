import type { GaDrawingZone } from '@hullscope/contract';
import { fieldErrors } from '../../http/api-error.js';

/** Refuses, on the `zones` field, every rectangle that reaches past the drawing's edges. */
export function requireZonesInside(zones: GaDrawingZone[], width: number, height: number): void {
  const outside = zones
    .filter((zone) => zone.x + zone.width > width || zone.y + zone.height > height)
    .map(
      (zone) =>
        `The rectangle of ${zone.hull_zone} (x ${zone.x}, y ${zone.y}, ${zone.width}×${zone.height}) ` +
        `reaches outside the drawing, which is ${width}×${height} pixels.`,
    );
  if (outside.length > 0) throw fieldErrors({ zones: outside });
}
