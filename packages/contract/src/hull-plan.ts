import { z } from 'zod';
import { id } from './common.js';
import { type HullZone, HullZone as HullZoneSchema } from './images.js';

/**
 * The recognised niche areas (MEPC.378(80) and the list): where fouling gathers first and
 * cleaning tools reach least. The other zones are the open hull surface.
 */
export const NICHE_ZONES: readonly HullZone[] = [
  'boot_top',
  'bulbous_bow',
  'transom',
  'propeller',
  'rudder',
  'sea_chest',
  'gratings',
  'bow_thruster',
  'stern_thruster',
  'bilge_keels',
  'anodes',
  'stabilisers',
  'rope_guard_shaft',
];

export const AREA_KINDS = ['hull_zone', 'niche'] as const;
export const AreaKind = z.enum(AREA_KINDS);
export type AreaKind = z.infer<typeof AreaKind>;

export const areaKindOf = (zone: HullZone): AreaKind => (NICHE_ZONES.includes(zone) ? 'niche' : 'hull_zone');

export const HULL_PLAN_VIEWS = ['port', 'starboard', 'bottom'] as const;
export const HullPlanViewName = z.enum(HULL_PLAN_VIEWS);
export type HullPlanViewName = z.infer<typeof HullPlanViewName>;

export const HullPlanShape = z
  .object({
    hull_zone: HullZoneSchema,
    kind: AreaKind,
    path: z.string().describe("SVG path data in the view's coordinates (y down)"),
    anchor: z
      .object({ x: z.number(), y: z.number() })
      .optional()
      .describe("A point inside the shape: where the area's photos are pinned"),
  })
  .meta({ id: 'HullPlanShape' });
export type HullPlanShape = z.infer<typeof HullPlanShape>;

export const HullPlanMark = z
  .object({
    text: z.string(),
    x: z.number(),
    y: z.number(),
    path: z.string().nullable().describe('A line drawn with the text (draught marks, waterline), or null'),
  })
  .meta({ id: 'HullPlanMark' });
export type HullPlanMark = z.infer<typeof HullPlanMark>;

/**
 * How a view's drawing units map to metres on the ship (both axes are linear): x = origin_x +
 * from_aft_m × x_per_m, y = origin_y + across × y_per_m, where `across` is the height above the keel
 * in a side view and the offset from the centreline (positive to port) in the bottom view. The limits
 * are the hull's: a photo placed outside them is refused.
 */
export const HullPlanMetres = z
  .object({
    origin_x: z.number(),
    x_per_m: z.number(),
    origin_y: z.number(),
    y_per_m: z.number(),
    across: z.enum(['height_above_keel_m', 'offset_from_centreline_m']),
    max_from_aft_m: z.number().positive().describe('The length overall'),
    across_min_m: z.number(),
    across_max_m: z.number(),
  })
  .meta({ id: 'HullPlanMetres' });
export type HullPlanMetres = z.infer<typeof HullPlanMetres>;

export const HullPlanView = z
  .object({
    view: HullPlanViewName,
    metres: HullPlanMetres.optional().describe('Where a point of the ship is drawn (photo positions)'),
    title: z.string(),
    width: z.number().positive(),
    height: z.number().positive(),
    outline: z.string().describe('SVG path of the hull below the boot-top'),
    shapes: z.array(HullPlanShape).describe('Zones first, niches over them'),
    marks: z.array(HullPlanMark),
  })
  .meta({ id: 'HullPlanView' });
export type HullPlanView = z.infer<typeof HullPlanView>;

export const HullPlanLegendEntry = z.object({ hull_zone: HullZoneSchema, label: z.string(), kind: AreaKind });
export type HullPlanLegendEntry = z.infer<typeof HullPlanLegendEntry>;

/**
 * The drawn hull plan of a vessel (issue 40 §1): port and starboard side and bottom views in one
 * scale (1 unit is 1 m of the ship times `scale`), with the zones and niches its particulars give.
 */
export const HullPlan = z
  .object({
    vessel: id,
    scale: z.number().positive().describe('Drawing units per metre along the ship and across it'),
    vertical_scale: z
      .number()
      .positive()
      .describe(
        'Drawing units per metre of height in the side views: exaggerated, so that niches stay visible',
      ),
    views: z.array(HullPlanView),
    legend: z.array(HullPlanLegendEntry).describe('The areas of this vessel, in hull order'),
    assumptions: z
      .array(z.string())
      .describe('What the drawing assumed for particulars not given: say so beside the plan'),
  })
  .meta({ id: 'HullPlan' });
export type HullPlan = z.infer<typeof HullPlan>;

/** The plan's colours, shared by the web app and the PDF so that both read alike. */
export const HULL_PLAN_COLOURS = {
  hull: '#eef3f7',
  outline: '#37474f',
  hull_zone: '#c9dcec',
  niche: '#f2d3a2',
  not_inspected: '#9e9e9e',
  undecided: '#ffffff',
} as const;

/** A zone's fill on a plan: its rating's colour when rated, grey when not inspected, else its kind's. */
export function planFill(
  kind: AreaKind,
  area?: { status: 'inspected' | 'not_inspected' | null; rating: { value: number } | null },
  ratingColours?: readonly { background: string }[],
): string {
  if (area?.status === 'not_inspected') return HULL_PLAN_COLOURS.not_inspected;
  if (area?.rating && ratingColours)
    return ratingColours[area.rating.value]?.background ?? HULL_PLAN_COLOURS[kind];
  return HULL_PLAN_COLOURS[kind];
}
