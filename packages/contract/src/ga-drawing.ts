import { z } from 'zod';
import { id, isoDateTime } from './common.js';
import { HULL_ZONES, HullZone } from './images.js';

/** The multipart form field that carries a vessel's General Arrangement drawing (issue 40 §1). */
export const GA_DRAWING_FIELD = 'drawing';

/** A scanned GA sheet at 300 dpi is a few MB as PNG; anything larger is refused before decoding. */
export const MAX_GA_DRAWING_BYTES = 10 * 1024 * 1024;
/** Decoding is bounded by pixels too: a small file can claim a huge image. */
export const MAX_GA_DRAWING_PIXELS = 40_000_000;

export const GA_DRAWING_TYPES = ['image/png', 'image/jpeg'] as const;
export const GaDrawingType = z.enum(GA_DRAWING_TYPES);

export const gaDrawingMessages = {
  missing: `Send the drawing as a PNG or JPEG file in the form field "${GA_DRAWING_FIELD}".`,
  svg: 'SVG drawings are not accepted, as their scripts and links cannot be made safe here: export the drawing as PNG or JPEG.',
  notAnImage: 'The drawing is not a PNG or JPEG image.',
  tooLarge: `The drawing is larger than ${MAX_GA_DRAWING_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: (width: number, height: number) =>
    `The drawing is ${width}×${height} pixels; at most ${MAX_GA_DRAWING_PIXELS / 1_000_000} million pixels are accepted.`,
} as const;

const pixel = (field: string) =>
  z
    .number({ error: `Give the rectangle's ${field} in drawing pixels.` })
    .int(`Give the rectangle's ${field} in whole drawing pixels.`)
    .nonnegative(`The rectangle's ${field} cannot be negative.`);

/** One hull zone placed on the drawing: a rectangle in the drawing's pixels, from its top left corner. */
export const GaDrawingZone = z
  .strictObject({
    hull_zone: HullZone,
    x: pixel('left edge'),
    y: pixel('top edge'),
    width: pixel('width').positive("The rectangle's width must be at least one pixel."),
    height: pixel('height').positive("The rectangle's height must be at least one pixel."),
  })
  .meta({ id: 'GaDrawingZone' });
export type GaDrawingZone = z.infer<typeof GaDrawingZone>;

/** Replaces every zone rectangle of the drawing; a zone left out is no longer placed. */
export const GaDrawingZonesUpdate = z
  .strictObject({
    zones: z
      .array(GaDrawingZone)
      .max(HULL_ZONES.length, `At most ${HULL_ZONES.length} zones, one rectangle each.`)
      .refine(
        (zones) => new Set(zones.map((zone) => zone.hull_zone)).size === zones.length,
        'Each zone may have one rectangle only.',
      ),
  })
  .meta({ id: 'GaDrawingZonesUpdate' });
export type GaDrawingZonesUpdate = z.infer<typeof GaDrawingZonesUpdate>;

/** A vessel's own GA drawing, used as its hull plan in place of the drawn one. */
export const GaDrawing = z
  .object({
    vessel: id,
    width: z.number().int().positive().describe('In pixels'),
    height: z.number().int().positive().describe('In pixels'),
    content_type: GaDrawingType,
    size_bytes: z.number().int().positive(),
    uploaded_by: z.string().nullable().describe("The uploader's name; null once the account is gone"),
    uploaded_at: isoDateTime,
    zones: z.array(GaDrawingZone).describe('In the order of HULL_ZONES'),
  })
  .meta({ id: 'GaDrawing' });
export type GaDrawing = z.infer<typeof GaDrawing>;

/** The centre of a zone's rectangle: where the plan pins that zone's photos. */
export function gaZoneCentre(zone: GaDrawingZone): { x: number; y: number } {
  return { x: zone.x + zone.width / 2, y: zone.y + zone.height / 2 };
}
