import {
  type Country,
  DEFAULT_INSPECTION_INTERVAL_DAYS,
  type Vessel,
  seaChestSideLabels,
} from '@hullscope/contract';

/** "IMO 9074729", the way the number is printed on hulls and certificates. */
export const imoLabel = (imoNumber: string | null) => (imoNumber === null ? '—' : `IMO ${imoNumber}`);

/** The flag state's name from GET /api/countries/, or its code while the list is not there. */
export function flagLabel(flag: string | null, countries: Country[]): string {
  if (flag === null) return '—';
  return countries.find((country) => country.code === flag)?.name ?? flag;
}

export const grossTonnageLabel = (grossTonnage: number | null) =>
  grossTonnage === null ? '—' : `${grossTonnage.toLocaleString('en')} GT`;

const metres = (value: number | null | undefined) =>
  value == null ? '—' : `${value.toLocaleString('en')} m`;
const count = (value: number | null | undefined) => (value == null ? '—' : String(value));
const yesNo = (value: boolean | null | undefined) => (value == null ? '—' : value ? 'Yes' : 'No');

/** The particulars (issue 40 §1) as the details list shows them; "—" where not given. */
export function particularRows(vessel: Vessel): [string, string][] {
  const side = vessel.sea_chest_side ? ` (${seaChestSideLabels[vessel.sea_chest_side].toLowerCase()})` : '';
  return [
    ['Length Overall', metres(vessel.length_overall_m)],
    ['Beam', metres(vessel.beam_m)],
    ['Design Draught', metres(vessel.design_draught_m)],
    ['Propellers', count(vessel.propellers)],
    ['Bow / Stern Thrusters', `${count(vessel.bow_thrusters)} / ${count(vessel.stern_thrusters)}`],
    ['Sea Chests', `${count(vessel.sea_chests)}${side}`],
    ['Bilge Keels', yesNo(vessel.bilge_keels)],
    ['Stabilisers', yesNo(vessel.stabilisers)],
    [
      'Inspection Interval',
      vessel.inspection_interval_days == null
        ? `Not set (${DEFAULT_INSPECTION_INTERVAL_DAYS} days assumed)`
        : `${vessel.inspection_interval_days} days`,
    ],
    ['Idle Days Since Inspection', count(vessel.idle_days)],
    ['Outside Operating Profile', yesNo(vessel.outside_operating_profile)],
  ];
}
