import { z } from 'zod';
import { optionalText, requiredText } from './common.js';

/** How soon an action is due, most urgent first: actions are listed in this order. */
export const ACTION_URGENCIES = [
  'before_next_voyage',
  'next_opportunity',
  'next_dry_docking',
  'monitor',
] as const;
export const ActionUrgency = z.enum(ACTION_URGENCIES, {
  error: `Choose one of: ${ACTION_URGENCIES.join(', ')}.`,
});
export type ActionUrgency = z.infer<typeof ActionUrgency>;

export const actionUrgencyLabels: Record<ActionUrgency, string> = {
  before_next_voyage: 'Before the next voyage',
  next_opportunity: 'At the next opportunity',
  next_dry_docking: 'At the next dry-docking',
  monitor: 'Monitor',
};

export const ANTIFOULING_CONDITIONS = ['intact', 'minor_damage', 'major_damage', 'not_assessed'] as const;
export const AntifoulingCondition = z.enum(ANTIFOULING_CONDITIONS, {
  error: `Choose one of: ${ANTIFOULING_CONDITIONS.join(', ')}.`,
});
export type AntifoulingCondition = z.infer<typeof AntifoulingCondition>;

export const antifoulingConditionLabels: Record<AntifoulingCondition, string> = {
  intact: 'Intact',
  minor_damage: 'Minor damage',
  major_damage: 'Major damage',
  not_assessed: 'Not assessed',
};

/**
 * What makes a rule fire for an area: its rating at or above a value (the highest such rule of an
 * area fires, so thresholds stack), its antifouling condition, or its not having been inspected.
 * Two fire for the whole ship, from what its vessel record says since the inspection (contingency
 * triggers): idle for at least a number of days (the highest such rule), operation outside its profile.
 */
export const RuleTrigger = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('rating_at_least'), rating: z.number().int().min(1).max(4) }),
    z.object({ kind: z.literal('antifouling'), condition: z.enum(['minor_damage', 'major_damage']) }),
    z.object({ kind: z.literal('not_inspected') }),
    z.object({ kind: z.literal('idle_days_at_least'), days: z.number().int().min(1).max(3653) }),
    z.object({ kind: z.literal('outside_operating_profile') }),
  ],
  {
    error:
      'Choose a trigger: rating_at_least (with a rating 1-4), antifouling (with a condition), not_inspected, idle_days_at_least (with days) or outside_operating_profile.',
  },
);
export type RuleTrigger = z.infer<typeof RuleTrigger>;

export const RULE_ACTION_MAX_LENGTH = 300;

export const DecisionRule = z
  .object({
    trigger: RuleTrigger,
    action: requiredText('Please enter the action', RULE_ACTION_MAX_LENGTH),
    urgency: ActionUrgency,
    basis: optionalText(RULE_ACTION_MAX_LENGTH)
      .default('')
      .describe('Why: the guideline or company rule it follows'),
  })
  .meta({ id: 'DecisionRule' });
export type DecisionRule = z.output<typeof DecisionRule>;

/** Room for every area trigger once (four ratings, two coating conditions, not inspected) and contingencies. */
export const MAX_DECISION_RULES = 12;

export const decisionRuleMessages = {
  duplicateTrigger: (rule: number, earlier: number) =>
    `Rule ${rule} has the same trigger as rule ${earlier}: one trigger, one action.`,
  tooMany: `Ensure this list has no more than ${MAX_DECISION_RULES} rules.`,
} as const;

export const DecisionRulesUpdateRequest = z
  .object({
    rules: z
      .array(DecisionRule, { error: 'Send the list of rules.' })
      .max(MAX_DECISION_RULES, decisionRuleMessages.tooMany),
  })
  .meta({ id: 'DecisionRulesUpdateRequest' });
export type DecisionRulesUpdateRequest = z.output<typeof DecisionRulesUpdateRequest>;

export const DecisionRules = z
  .object({
    rules: z.array(DecisionRule),
    is_default: z.boolean().describe('True while the account has not changed the defaults'),
    defaults: z.array(DecisionRule).describe("Hullscope's defaults, to restore them"),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'DecisionRules' });
export type DecisionRules = z.infer<typeof DecisionRules>;

/** How a trigger reads in a report: "Rating 2 or worse", "Antifouling: major damage", "Not inspected". */
export function triggerLabel(trigger: RuleTrigger): string {
  if (trigger.kind === 'rating_at_least') return `Rating ${trigger.rating} or worse`;
  if (trigger.kind === 'antifouling')
    return `Antifouling: ${antifoulingConditionLabels[trigger.condition].toLowerCase()}`;
  if (trigger.kind === 'idle_days_at_least') return `Idle ${trigger.days} days or more`;
  if (trigger.kind === 'outside_operating_profile') return 'Operated outside its profile';
  return 'Not inspected';
}

const GUIDELINES = 'IMO 2023 Biofouling Guidelines (MEPC.378(80))';

/**
 * Hullscope's defaults after the guidelines' management actions: microfouling may be removed by
 * proactive cleaning; macrofouling by reactive cleaning with capture of what comes off; areas not
 * seen are inspected when they can be (contingency). The thresholds are Hullscope's reading of them,
 * which each organisation may change.
 */
export const DEFAULT_DECISION_RULES: DecisionRule[] = [
  {
    trigger: { kind: 'rating_at_least', rating: 1 },
    action: 'Microfouling may be removed by proactive in-water cleaning compatible with the coating',
    urgency: 'monitor',
    basis: `${GUIDELINES}: proactive cleaning keeps microfouling from becoming macrofouling`,
  },
  {
    trigger: { kind: 'rating_at_least', rating: 2 },
    action: 'In-water cleaning with capture recommended',
    urgency: 'next_opportunity',
    basis: `${GUIDELINES}: macrofouling is removed by reactive cleaning that captures the material removed`,
  },
  {
    trigger: { kind: 'rating_at_least', rating: 3 },
    action: 'Clean with capture of the removed material',
    urgency: 'before_next_voyage',
    basis: `${GUIDELINES}: medium or heavy macrofouling is removed before the ship sails to another bioregion`,
  },
  {
    trigger: { kind: 'antifouling', condition: 'major_damage' },
    action: 'Plan coating repair at the next dry-docking',
    urgency: 'next_dry_docking',
    basis: `${GUIDELINES}: a damaged antifouling system is repaired or renewed at dry-docking`,
  },
  {
    trigger: { kind: 'antifouling', condition: 'minor_damage' },
    action: 'Record the coating damage and check it at the next inspection',
    urgency: 'monitor',
    basis: `${GUIDELINES}: the antifouling system's condition is recorded and followed`,
  },
  {
    trigger: { kind: 'not_inspected' },
    action: 'Contingency inspection of the area',
    urgency: 'next_opportunity',
    basis: `${GUIDELINES}: areas not inspected are inspected when they can be`,
  },
  {
    trigger: { kind: 'idle_days_at_least', days: 30 },
    action: 'Contingency inspection of the hull: the ship has lain idle',
    urgency: 'before_next_voyage',
    basis: `${GUIDELINES}: an idle period longer than the Biofouling Management Plan allows calls for a contingency inspection; 30 days is Hullscope's default`,
  },
  {
    trigger: { kind: 'outside_operating_profile' },
    action: 'Contingency inspection of the hull: the ship operated outside its profile',
    urgency: 'next_opportunity',
    basis: `${GUIDELINES}: operation outside the ship's operating profile calls for a contingency inspection`,
  },
];

/** A routine interval when a vessel sets none: one year, the common term of a Biofouling Management Plan. */
export const DEFAULT_INSPECTION_INTERVAL_DAYS = 365;
