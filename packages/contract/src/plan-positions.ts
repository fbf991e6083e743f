import { z } from 'zod';
import { id } from './common.js';
import { HullPlan, type HullPlanMetres, HullPlanViewName } from './hull-plan.js';
import { HullZone } from './images.js';

/**
 * Where a photo sits on the hull plan (issue 40 §2): `zone` spreads it inside its zone's shape,
 * `dragged` is a point a user chose, `interpolated` a video frame placed between two dragged frames.
 */
export const PLAN_PLACEMENTS = ['zone', 'dragged', 'interpolated'] as const;
export const PlanPlacement = z.enum(PLAN_PLACEMENTS);
export type PlanPlacement = z.infer<typeof PlanPlacement>;

/** A pin's colour by its placement, shared by the web app and the PDF. */
export const PLAN_PIN_COLOURS: Record<PlanPlacement, string> = {
  zone: '#1565c0',
  dragged: '#6a1b9a',
  interpolated: '#00838f',
};

const metres = (field: string) =>
  z.number({ error: `Give ${field} in metres.` }).refine(Number.isFinite, `Give ${field} in metres.`);

/**
 * Sets a photo's plan position: back to its zone, or a point in one view given in metres from the
 * aft perpendicular and, across, the height above the keel (side views) or the offset from the
 * centreline (bottom view, positive to port).
 */
export const ImagePlanPositionUpdate = z
  .strictObject({
    placement: z.enum(['zone', 'point'], { error: 'Choose "zone" or "point".' }),
    view: HullPlanViewName.optional(),
    from_aft_m: metres('the distance from the aft perpendicular').optional(),
    height_above_keel_m: metres('the height above the keel').optional(),
    offset_from_centreline_m: metres('the offset from the centreline').optional(),
  })
  .superRefine((body, context) => {
    if (body.placement === 'zone') return;
    const need = (field: keyof typeof body, message: string) => {
      if (body[field] === undefined) context.addIssue({ code: 'custom', path: [field], message });
    };
    need('view', 'Choose the view: port, starboard or bottom.');
    need('from_aft_m', 'Give the distance from the aft perpendicular in metres.');
    if (body.view === 'bottom')
      need('offset_from_centreline_m', 'Give the offset from the centreline in metres.');
    else if (body.view) need('height_above_keel_m', 'Give the height above the keel in metres.');
  })
  .meta({ id: 'ImagePlanPositionUpdate' });
export type ImagePlanPositionUpdate = z.infer<typeof ImagePlanPositionUpdate>;

/** One photo on the plan, numbered for the report's legend, with its point in drawing units. */
export const PlanPin = z
  .object({
    number: z.number().int().positive().describe('1, 2, … in the order of the images: the legend’s key'),
    image_id: id,
    image_name: z.string(),
    hull_zone: HullZone.nullable(),
    placement: PlanPlacement,
    view: HullPlanViewName,
    x: z.number(),
    y: z.number(),
    from_aft_m: z.number(),
    across_m: z.number().describe('Height above the keel, or offset from the centreline in the bottom view'),
  })
  .meta({ id: 'PlanPin' });
export type PlanPin = z.infer<typeof PlanPin>;

/**
 * An inspection's photos on its vessel's plan: the plan, a pin per placed photo, and the photos not
 * on it (no zone, or the zone `other`, and never dragged).
 */
export const PlanPins = z
  .object({
    plan: HullPlan,
    pins: z.array(PlanPin),
    unplaced: z.array(z.object({ image_id: id, image_name: z.string() })),
  })
  .meta({ id: 'PlanPins' });
export type PlanPins = z.infer<typeof PlanPins>;

/** Places the frames of one video taken between two dragged frames, linearly by their time. */
export const PlanInterpolateRequest = z
  .strictObject({ first_image: id, last_image: id })
  .meta({ id: 'PlanInterpolateRequest' });
export type PlanInterpolateRequest = z.infer<typeof PlanInterpolateRequest>;

export const PlanPinsInterpolated = PlanPins.extend({
  interpolated: z.number().int().min(0).describe('Frames placed between the two'),
}).meta({ id: 'PlanPinsInterpolated' });
export type PlanPinsInterpolated = z.infer<typeof PlanPinsInterpolated>;

/** Where a point of the ship (metres) is drawn in a view. */
export function pointOnView(metres: HullPlanMetres, fromAftM: number, acrossM: number) {
  return { x: metres.origin_x + fromAftM * metres.x_per_m, y: metres.origin_y + acrossM * metres.y_per_m };
}

/** The point of the ship (metres, rounded to centimetres) drawn at (x, y), kept inside the hull. */
export function metresAt(metres: HullPlanMetres, x: number, y: number) {
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    from_aft_m: round(clamp((x - metres.origin_x) / metres.x_per_m, 0, metres.max_from_aft_m)),
    across_m: round(clamp((y - metres.origin_y) / metres.y_per_m, metres.across_min_m, metres.across_max_m)),
  };
}

/**
 * A video frame's source and time from the name the upload dialog gives it, `<video>@<mm:ss.s>.jpg`;
 * null for any other name.
 */
export function videoFrameOf(imageName: string): { video: string; seconds: number } | null {
  const match = /^(.+)@(\d+):(\d{2}(?:\.\d+)?)\.jpe?g$/i.exec(imageName);
  if (!match) return null;
  return { video: match[1]!, seconds: Number(match[2]) * 60 + Number(match[3]) };
}
