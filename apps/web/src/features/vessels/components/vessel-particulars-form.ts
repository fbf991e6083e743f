import { type Vessel, SeaChestSide, particularRequestFields, particularText } from '@hullscope/contract';
import { z } from 'zod';

/** A yes/no select: blank is "not given" (null). */
const yesNo = z.enum(['', 'yes', 'no']).transform((value) => (value === '' ? null : value === 'yes'));
const side = z.union([z.literal(''), SeaChestSide]).transform((value) => (value === '' ? null : value));

/**
 * The particulars as the form holds them, text and selects, read into the API's fields with the
 * contract's own rules, so the form shows the API's messages.
 */
export const particularFormFields = {
  length_overall_m: particularText(particularRequestFields.length_overall_m),
  beam_m: particularText(particularRequestFields.beam_m),
  design_draught_m: particularText(particularRequestFields.design_draught_m),
  propellers: particularText(particularRequestFields.propellers),
  bow_thrusters: particularText(particularRequestFields.bow_thrusters),
  stern_thrusters: particularText(particularRequestFields.stern_thrusters),
  sea_chests: particularText(particularRequestFields.sea_chests),
  sea_chest_side: side,
  bilge_keels: yesNo,
  stabilisers: yesNo,
  inspection_interval_days: particularText(particularRequestFields.inspection_interval_days),
  idle_days: particularText(particularRequestFields.idle_days),
  outside_operating_profile: yesNo,
};

export const PARTICULAR_FIELD_LABELS = {
  length_overall_m: 'Length Overall (m)',
  beam_m: 'Beam (m)',
  design_draught_m: 'Design Draught (m)',
  propellers: 'Propellers',
  bow_thrusters: 'Bow Thrusters',
  stern_thrusters: 'Stern Thrusters',
  sea_chests: 'Sea Chests',
  sea_chest_side: 'Sea Chest Side',
  bilge_keels: 'Bilge Keels',
  stabilisers: 'Stabilisers',
  inspection_interval_days: 'Inspection Interval (days)',
  idle_days: 'Idle Days Since Inspection',
  outside_operating_profile: 'Outside Operating Profile',
} as const;

export const emptyParticularValues = {
  length_overall_m: '',
  beam_m: '',
  design_draught_m: '',
  propellers: '',
  bow_thrusters: '',
  stern_thrusters: '',
  sea_chests: '',
  sea_chest_side: '',
  bilge_keels: '',
  stabilisers: '',
  inspection_interval_days: '',
  idle_days: '',
  outside_operating_profile: '',
} as const;

const text = (value: number | null | undefined) => (value == null ? '' : String(value));
const yesNoText = (value: boolean | null | undefined) => (value == null ? '' : value ? 'yes' : 'no');

export function particularFormValues(vessel: Vessel) {
  return {
    length_overall_m: text(vessel.length_overall_m),
    beam_m: text(vessel.beam_m),
    design_draught_m: text(vessel.design_draught_m),
    propellers: text(vessel.propellers),
    bow_thrusters: text(vessel.bow_thrusters),
    stern_thrusters: text(vessel.stern_thrusters),
    sea_chests: text(vessel.sea_chests),
    sea_chest_side: vessel.sea_chest_side ?? '',
    bilge_keels: yesNoText(vessel.bilge_keels),
    stabilisers: yesNoText(vessel.stabilisers),
    inspection_interval_days: text(vessel.inspection_interval_days),
    idle_days: text(vessel.idle_days),
    outside_operating_profile: yesNoText(vessel.outside_operating_profile),
  } as const;
}
