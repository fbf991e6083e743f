import { HULL_ZONES, type HullZone, type SeaChestSide, type VesselParticulars } from '@hullscope/contract';

/** The particulars a plan is drawn from: the vessel's, or a typical figure where one is not given. */
export interface DrawnParticulars {
  lengthM: number;
  beamM: number;
  draughtM: number;
  propellers: number;
  bowThrusters: number;
  sternThrusters: number;
  seaChests: number;
  seaChestSide: SeaChestSide;
  bilgeKeels: boolean;
  stabilisers: boolean;
  /** One sentence per figure assumed, for the plan's notes. */
  assumptions: string[];
}

/** Typical merchant hull proportions: length to beam about 6.5, beam to draught about 2.8. */
const TYPICAL_LENGTH_M = 100;
const LENGTH_TO_BEAM = 6.5;
const BEAM_TO_DRAUGHT = 2.8;

export function drawnParticulars(p: VesselParticulars): DrawnParticulars {
  const assumptions: string[] = [];
  const assume = <T>(value: T | null, fallback: T, sentence: string): T => {
    if (value !== null) return value;
    assumptions.push(sentence);
    return fallback;
  };
  const lengthM = assume(p.length_overall_m, TYPICAL_LENGTH_M, 'Length overall not given: drawn 100 m long.');
  const beamM = assume(
    p.beam_m,
    Math.round((lengthM / LENGTH_TO_BEAM) * 10) / 10,
    'Beam not given: drawn at a typical length-to-beam ratio of 6.5.',
  );
  const draughtM = assume(
    p.design_draught_m,
    Math.round((beamM / BEAM_TO_DRAUGHT) * 10) / 10,
    'Design draught not given: drawn at a typical beam-to-draught ratio of 2.8.',
  );
  return {
    lengthM,
    beamM,
    draughtM,
    propellers: assume(p.propellers, 1, 'Number of propellers not given: one drawn.'),
    bowThrusters: assume(p.bow_thrusters, 1, 'Bow thrusters not given: one drawn.'),
    sternThrusters: assume(p.stern_thrusters, 0, 'Stern thrusters not given: none drawn.'),
    seaChests: assume(p.sea_chests, 2, 'Sea chests not given: two drawn, one on each side.'),
    seaChestSide: assume(p.sea_chest_side, 'both', ''),
    bilgeKeels: assume(p.bilge_keels, true, 'Bilge keels not given: drawn.'),
    stabilisers: assume(p.stabilisers, false, 'Stabilisers not given: none drawn.'),
    assumptions: assumptions.filter(Boolean),
  };
}

/** Sea chests on one side: all on their side, or split (port gets the odd one) when on both. */
export function seaChestsOn(side: 'port' | 'starboard', drawn: DrawnParticulars): number {
  if (drawn.seaChestSide === 'both') {
    return side === 'port' ? Math.ceil(drawn.seaChests / 2) : Math.floor(drawn.seaChests / 2);
  }
  return drawn.seaChestSide === side ? drawn.seaChests : 0;
}

/**
 * The areas a vessel has, in hull order: every hull zone, and each niche its particulars (or the
 * figures drawn for them) give it. `other` is never on the plan.
 */
export function vesselAreas(drawn: DrawnParticulars): HullZone[] {
  const absent = new Set<HullZone>(['other']);
  if (drawn.propellers === 0) absent.add('propeller').add('rope_guard_shaft');
  if (drawn.bowThrusters === 0) absent.add('bow_thruster');
  if (drawn.sternThrusters === 0) absent.add('stern_thruster');
  if (drawn.seaChests === 0) absent.add('sea_chest').add('gratings');
  if (!drawn.bilgeKeels) absent.add('bilge_keels');
  if (!drawn.stabilisers) absent.add('stabilisers');
  return HULL_ZONES.filter((zone) => !absent.has(zone));
}
