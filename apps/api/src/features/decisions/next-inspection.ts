import {
  DEFAULT_INSPECTION_INTERVAL_DAYS,
  type InspectionAction,
  type NextInspection,
} from '@hullscope/contract';
import { WHOLE_SHIP } from './apply-rules.js';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` plus whole days, in UTC so no time zone shifts the date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The routine due date (the inspection's date plus the vessel's interval, or the default), and a
 * contingency when an action asks for something before then: cleaning before the next voyage or at
 * the next opportunity calls for an inspection after it; areas not inspected for one of them; a
 * contingency trigger of the whole ship (idle days, operation outside its profile) as its rule says.
 */
export function nextInspection(
  inspectionDate: string | null,
  intervalDays: number | null,
  actions: InspectionAction[],
): NextInspection {
  const interval = intervalDays ?? DEFAULT_INSPECTION_INTERVAL_DAYS;
  const isDefault = intervalDays === null;
  const basis = isDefault
    ? `${interval} days after this inspection: the default routine interval (the vessel sets none)`
    : `${interval} days after this inspection: the vessel's routine interval`;
  const notInspected = actions.find((action) => action.trigger.kind === 'not_inspected');
  const cleaning = actions.find(
    (action) =>
      action.trigger.kind === 'rating_at_least' &&
      (action.urgency === 'before_next_voyage' || action.urgency === 'next_opportunity'),
  );
  const shipWide = actions
    .filter((action) => action.areas.includes(WHOLE_SHIP))
    .map((action) => `${action.urgency_label.toLowerCase()} (${action.rule.toLowerCase()})`);
  const contingency = [
    ...shipWide,
    cleaning ? `after the cleaning (${cleaning.action.toLowerCase()}), to confirm its result` : null,
    notInspected
      ? `of the areas not inspected (${notInspected.areas.join(', ')}) at the next opportunity`
      : null,
  ].filter((part): part is string => part !== null);
  return {
    due_date: inspectionDate ? addDays(inspectionDate, interval) : null,
    interval_days: interval,
    interval_is_default: isDefault,
    basis: inspectionDate ? basis : 'No inspection date recorded: the due date cannot be set',
    contingency: contingency.length > 0 ? `Contingency inspection ${contingency.join('; and ')}.` : null,
  };
}
