import { z } from 'zod';

/**
 * The main particulars a hull plan is drawn from (issue 40 §1). Each is optional: a vessel without
 * them is drawn at standard proportions with every niche a ship may have.
 */
export const SEA_CHEST_SIDES = ['port', 'starboard', 'both'] as const;
export const SeaChestSide = z.enum(SEA_CHEST_SIDES, { error: 'Choose port, starboard or both.' });
export type SeaChestSide = z.infer<typeof SeaChestSide>;

export const seaChestSideLabels: Record<SeaChestSide, string> = {
  port: 'Port',
  starboard: 'Starboard',
  both: 'Port and starboard',
};

/**
 * Bounds that keep typing slips out rather than describe the fleet: the longest ships afloat are
 * under 460 m, the widest under 75 m, the deepest draughts about 25 m.
 */
export const PARTICULAR_LIMITS = {
  length_overall_m: { min: 5, max: 500 },
  beam_m: { min: 1, max: 80 },
  design_draught_m: { min: 0.3, max: 30 },
  propellers: { min: 0, max: 6 },
  bow_thrusters: { min: 0, max: 4 },
  stern_thrusters: { min: 0, max: 4 },
  sea_chests: { min: 0, max: 12 },
  inspection_interval_days: { min: 1, max: 1826 },
  idle_days: { min: 0, max: 3653 },
} as const;

type LimitedField = keyof typeof PARTICULAR_LIMITS;

export const particularMessages = {
  notANumber: 'Please enter a number',
  wholeNumber: 'Please enter a whole number',
  atLeast: (min: number) => `Ensure this value is greater than or equal to ${min}.`,
  atMost: (max: number) => `Ensure this value is less than or equal to ${max}.`,
  beamNotBelowLength: 'The beam must be less than the length overall.',
  draughtNotBelowBeam: 'The design draught must be less than the beam.',
  sideWithoutSeaChests: 'Give the side only for a vessel with sea chests.',
} as const;

/** Metres with at most two decimals (centimetres): finer figures are not on any ship's papers. */
function metres(field: LimitedField) {
  const { min, max } = PARTICULAR_LIMITS[field];
  return z
    .number({ error: particularMessages.notANumber })
    .min(min, particularMessages.atLeast(min))
    .max(max, particularMessages.atMost(max))
    .transform((value) => Math.round(value * 100) / 100);
}

function count(field: LimitedField) {
  const { min, max } = PARTICULAR_LIMITS[field];
  return z
    .number({ error: particularMessages.wholeNumber })
    .int(particularMessages.wholeNumber)
    .min(min, particularMessages.atLeast(min))
    .max(max, particularMessages.atMost(max));
}

/** The request fields: each optional, null clears it. */
export const particularRequestFields = {
  length_overall_m: metres('length_overall_m').nullable().optional().describe('Length overall, metres'),
  beam_m: metres('beam_m').nullable().optional().describe('Moulded beam, metres; less than the length'),
  design_draught_m: metres('design_draught_m')
    .nullable()
    .optional()
    .describe('Design (summer) draught, metres; less than the beam'),
  propellers: count('propellers').nullable().optional(),
  bow_thrusters: count('bow_thrusters').nullable().optional(),
  stern_thrusters: count('stern_thrusters').nullable().optional(),
  sea_chests: count('sea_chests').nullable().optional(),
  sea_chest_side: SeaChestSide.nullable()
    .optional()
    .describe('Where the sea chests are; only with sea chests'),
  bilge_keels: z.boolean().nullable().optional(),
  stabilisers: z.boolean().nullable().optional().describe('Fin stabilisers'),
  inspection_interval_days: count('inspection_interval_days')
    .nullable()
    .optional()
    .describe('Days between routine in-water inspections; the next one is due this long after the last'),
  idle_days: count('idle_days')
    .nullable()
    .optional()
    .describe('Days the ship has lain idle since its last inspection, as entered: a contingency trigger'),
  outside_operating_profile: z
    .boolean()
    .nullable()
    .optional()
    .describe('Whether it has operated outside its operating profile since: a contingency trigger'),
};

/** The answer fields: optional in the schema (older clients never read them), always sent by the API. */
export const particularAnswerFields = {
  length_overall_m: z.number().nullable().optional(),
  beam_m: z.number().nullable().optional(),
  design_draught_m: z.number().nullable().optional(),
  propellers: z.number().int().nullable().optional(),
  bow_thrusters: z.number().int().nullable().optional(),
  stern_thrusters: z.number().int().nullable().optional(),
  sea_chests: z.number().int().nullable().optional(),
  sea_chest_side: SeaChestSide.nullable().optional(),
  bilge_keels: z.boolean().nullable().optional(),
  stabilisers: z.boolean().nullable().optional(),
  inspection_interval_days: z.number().int().nullable().optional(),
  idle_days: z.number().int().nullable().optional(),
  outside_operating_profile: z.boolean().nullable().optional(),
};

export const PARTICULAR_FIELDS = Object.keys(
  particularRequestFields,
) as (keyof typeof particularRequestFields)[];

export type VesselParticulars = {
  [K in keyof typeof particularAnswerFields]-?: Exclude<
    z.infer<(typeof particularAnswerFields)[K]>,
    undefined
  >;
};

/**
 * The rules between particulars, for a vessel's fields after a change: field name to message.
 * Each is checked only when both figures are known.
 */
export function particularConflicts(p: Partial<VesselParticulars>): Partial<Record<string, string>> {
  const conflicts: Partial<Record<string, string>> = {};
  if (p.beam_m != null && p.length_overall_m != null && p.beam_m >= p.length_overall_m) {
    conflicts.beam_m = particularMessages.beamNotBelowLength;
  }
  if (p.design_draught_m != null && p.beam_m != null && p.design_draught_m >= p.beam_m) {
    conflicts.design_draught_m = particularMessages.draughtNotBelowBeam;
  }
  if (p.sea_chest_side != null && p.sea_chests === 0) {
    conflicts.sea_chest_side = particularMessages.sideWithoutSeaChests;
  }
  return conflicts;
}

/**
 * A form's text field read as a particular: blank is null, a decimal comma is a point; anything
 * else goes through the API's own rule, so the form shows the API's message.
 */
export function particularText<Out>(field: z.ZodType<Out, number | null | undefined>) {
  return z
    .string()
    .trim()
    .transform((value, context): number | null | undefined => {
      if (value === '') return null;
      const number = Number(value.replace(',', '.'));
      if (Number.isNaN(number)) {
        context.issues.push({ code: 'custom', message: particularMessages.notANumber, input: value });
        return z.NEVER;
      }
      return number;
    })
    .pipe(field);
}
