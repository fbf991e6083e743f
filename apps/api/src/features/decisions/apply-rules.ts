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
