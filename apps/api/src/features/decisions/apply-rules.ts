import {
  ACTION_URGENCIES,
  type AntifoulingCondition,
  type DecisionRule,
  type FiredRule,
  type InspectionAction,
  actionUrgencyLabels,
  triggerLabel,
} from '@hullscope/contract';

/** What the rules read of an area. */
export interface AreaFindings {
  label: string;
  notInspected: boolean;
  rating: number | null;
  antifouling: AntifoulingCondition;
}

function fired(rule: DecisionRule): FiredRule {
  return {
    trigger: rule.trigger,
    rule: triggerLabel(rule.trigger),
    action: rule.action,
    urgency: rule.urgency,
    urgency_label: actionUrgencyLabels[rule.urgency],
    basis: rule.basis,
  };
}

const urgencyRank = (rule: FiredRule) => ACTION_URGENCIES.indexOf(rule.urgency);

/**
 * The rules that fire for one area, most urgent first: of the rating rules only the highest
 * threshold the rating reaches (so "rating 3" replaces "rating 2" rather than adding to it), the
 * rule of its coating condition, and the not-inspected rule.
 */
export function rulesFiredFor(area: AreaFindings, rules: DecisionRule[]): FiredRule[] {
  const result: FiredRule[] = [];
  if (area.notInspected) {
    const rule = rules.find((candidate) => candidate.trigger.kind === 'not_inspected');
    if (rule) result.push(fired(rule));
  }
  if (area.rating !== null) {
    let highest: DecisionRule | undefined;
    for (const rule of rules) {
      if (rule.trigger.kind !== 'rating_at_least' || rule.trigger.rating > area.rating) continue;
      if (
        !highest ||
        (highest.trigger.kind === 'rating_at_least' && rule.trigger.rating > highest.trigger.rating)
      ) {
        highest = rule;
      }
    }
    if (highest) result.push(fired(highest));
  }
  const coating = rules.find(
    (rule) => rule.trigger.kind === 'antifouling' && rule.trigger.condition === area.antifouling,
  );
  if (coating) result.push(fired(coating));
  return result.sort((a, b) => urgencyRank(a) - urgencyRank(b));
}

/** What the vessel record says since the inspection: the contingency triggers' inputs. */
export interface ShipFindings {
  idleDays: number | null;
  outsideOperatingProfile: boolean | null;
}

/** The label ship-wide rules show where area rules show areas. */
export const WHOLE_SHIP = 'Whole ship';

/**
 * The contingency rules that fire for the whole ship: the highest idle-days threshold reached and
 * the outside-profile rule, most urgent first.
 */
export function shipRulesFired(ship: ShipFindings, rules: DecisionRule[]): FiredRule[] {
  const result: FiredRule[] = [];
  if (ship.idleDays !== null) {
    let highest: { rule: DecisionRule; days: number } | undefined;
    for (const rule of rules) {
      if (rule.trigger.kind !== 'idle_days_at_least' || rule.trigger.days > ship.idleDays) continue;
      if (!highest || rule.trigger.days > highest.days) highest = { rule, days: rule.trigger.days };
    }
    if (highest) result.push(fired(highest.rule));
  }
  if (ship.outsideOperatingProfile) {
    const rule = rules.find((candidate) => candidate.trigger.kind === 'outside_operating_profile');
    if (rule) result.push(fired(rule));
  }
  return result.sort((a, b) => urgencyRank(a) - urgencyRank(b));
}

/** The inspection's actions: each fired rule once with the areas it applies to, most urgent first. */
export function inspectionActions(areas: { label: string; actions: FiredRule[] }[]): InspectionAction[] {
  const byRule = new Map<string, InspectionAction>();
  for (const area of areas) {
    for (const action of area.actions) {
      const key = JSON.stringify(action.trigger);
      const entry = byRule.get(key) ?? { ...action, areas: [] };
      entry.areas.push(area.label);
      byRule.set(key, entry);
    }
  }
  return [...byRule.values()].sort((a, b) => urgencyRank(a) - urgencyRank(b));
}
