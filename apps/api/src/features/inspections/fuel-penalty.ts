import type { FoulingRating, FuelPenaltyEstimate } from '@hullscope/contract';

/**
 * Schultz (2007), Biofouling 23(5): predicted change in required shaft power of a mid-sized naval
 * surface combatant (the FFG-7 frigate) at its cruising speed of 15 knots, over a
 * hydraulically smooth hull, for each coating and fouling condition (with its Naval Ships'
 * Technical Manual fouling rating).
 */
export const SCHULTZ_2007 = {
  asApplied: { condition: 'Typical as-applied antifouling coating', added_power_percent: 2 },
  lightSlime: { condition: 'Deteriorated coating or light slime (NSTM 10-20)', added_power_percent: 11 },
  heavySlime: { condition: 'Heavy slime (NSTM 30)', added_power_percent: 21 },
  smallCalcareous: { condition: 'Small calcareous fouling or weed (NSTM 40-60)', added_power_percent: 35 },
  mediumCalcareous: { condition: 'Medium calcareous fouling (NSTM 70-80)', added_power_percent: 54 },
  heavyCalcareous: { condition: 'Heavy calcareous fouling (NSTM 90-100)', added_power_percent: 86 },
} as const;

const SOURCE = {
  citation:
    'Schultz, M.P. (2007). Effects of coating roughness and biofouling on ship resistance and powering. Biofouling 23(5), 331-341',
  doi: '10.1080/08927010701461974',
  table:
    'Predicted change in required shaft power at cruising speed (15 knots) per coating and fouling condition',
};

const METHOD =
  "Each fouling class's share of the hull surface (pooled over every analysed photo) is weighted " +
  'by the added power Schultz (2007) predicts for a hull uniformly in that condition, less the ' +
  'as-applied coating, and the products are summed. Low uses light slime and small calcareous ' +
  'fouling or weed; high uses heavy slime and heavy calcareous fouling; central uses the middle ' +
  'of the two slime figures and medium calcareous fouling.';

const ASSUMPTIONS = [
  'The photos represent the whole wetted hull; areas not photographed are taken to be like those that were.',
  'Added power scales with the share of the surface fouled (a linear area weighting); the source predicts uniform conditions only.',
  'Microfouling is slime; macrofouling is calcareous fouling or weed, whose height the photos do not show.',
  "The reference ship's hull form and its cruising speed of 15 knots: ships of other size, form or speed differ.",
  'Frictional resistance only; added power is taken as added fuel at the same speed, engine efficiency unchanged.',
];

const UNCERTAINTY =
  'The range spans the published conditions each class may be; beyond it lie the model error of ' +
  "the coverage (see the report's methods and limitations) and the source's own, which it puts " +
  'in fair agreement with full-scale trials. Treat the figures as an order of magnitude.';

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Added percent of shaft power over the as-applied coating, for shares in percent of the surface. */
function addedPower(macroShare: number, microShare: number, macroPower: number, microPower: number): number {
  const base = SCHULTZ_2007.asApplied.added_power_percent;
  return round1((macroShare * (macroPower - base) + microShare * (microPower - base)) / 100);
}

/**
 * The fuel penalty estimate of an inspection (issue 40 §5) from its pooled rating (every zone's
 * photos together), labelled an estimate, with its source, method, assumptions and range.
 */
export function fuelPenaltyEstimate(projectId: number, pooled: FoulingRating | null): FuelPenaltyEstimate {
  const macro = pooled?.macrofouling_percentage ?? 0;
  const micro = pooled?.microfouling_percentage ?? 0;
  const slimeMiddle =
    (SCHULTZ_2007.lightSlime.added_power_percent + SCHULTZ_2007.heavySlime.added_power_percent) / 2;
  return {
    project: projectId,
    is_estimate: true,
    label: 'Estimate',
    added_shaft_power_percent: pooled
      ? {
          central: addedPower(macro, micro, SCHULTZ_2007.mediumCalcareous.added_power_percent, slimeMiddle),
          low: addedPower(
            macro,
            micro,
            SCHULTZ_2007.smallCalcareous.added_power_percent,
            SCHULTZ_2007.lightSlime.added_power_percent,
          ),
          high: addedPower(
            macro,
            micro,
            SCHULTZ_2007.heavyCalcareous.added_power_percent,
            SCHULTZ_2007.heavySlime.added_power_percent,
          ),
        }
      : null,
    coverage: pooled
      ? {
          macrofouling_percentage: macro,
          microfouling_percentage: micro,
          clean_percentage: round1(Math.max(0, 100 - macro - micro)),
        }
      : null,
    reference_speed: 'Cruising speed: 15 knots for the reference ship',
    source: SOURCE,
    conditions: {
      clean: SCHULTZ_2007.asApplied,
      microfouling: { low: SCHULTZ_2007.lightSlime, high: SCHULTZ_2007.heavySlime },
      macrofouling: {
        low: SCHULTZ_2007.smallCalcareous,
        central: SCHULTZ_2007.mediumCalcareous,
        high: SCHULTZ_2007.heavyCalcareous,
      },
    },
    method: METHOD,
    assumptions: ASSUMPTIONS,
    uncertainty: UNCERTAINTY,
  };
}
