import {
  DEFAULT_DECISION_RULES,
  DecisionRule,
  type DecisionRules,
  decisionRuleMessages,
} from '@hullscope/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.js';
import { FieldErrorCollector } from '../../http/api-error.js';
import { decisionRulesRepository } from './decision-rules.repository.js';

const StoredRules = z.array(DecisionRule);

/** What makes two rules the same trigger, e.g. "rating_at_least:2". */
function triggerKey(rule: DecisionRule): string {
  const { trigger } = rule;
  if (trigger.kind === 'rating_at_least') return `${trigger.kind}:${trigger.rating}`;
  if (trigger.kind === 'antifouling') return `${trigger.kind}:${trigger.condition}`;
  if (trigger.kind === 'idle_days_at_least') return `${trigger.kind}:${trigger.days}`;
  return trigger.kind;
}

/**
 * Two rules with one trigger would give an area two answers to one finding: refused, on `rules`,
 * naming both. Whole-list replace, so nothing is stored half.
 */
export function checkNoContradiction(rules: DecisionRule[]): void {
  const errors = new FieldErrorCollector();
  const first = new Map<string, number>();
  rules.forEach((rule, index) => {
    const key = triggerKey(rule);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, index + 1);
    else errors.add('rules', decisionRuleMessages.duplicateTrigger(index + 1, earlier));
  });
  errors.throwIfAny();
}

export function decisionRulesService(db: Kysely<DB>) {
  const repository = decisionRulesRepository(db);
  return {
    /** The owner's rules, or the defaults while none were saved. */
    async rulesOf(owner: number): Promise<DecisionRule[]> {
      const row = await repository.find(owner);
      return row ? StoredRules.parse(JSON.parse(row.rules)) : DEFAULT_DECISION_RULES;
    },

    async get(owner: number): Promise<DecisionRules> {
      const row = await repository.find(owner);
      return {
        rules: row ? StoredRules.parse(JSON.parse(row.rules)) : DEFAULT_DECISION_RULES,
        is_default: !row,
        defaults: DEFAULT_DECISION_RULES,
        updated_at: row?.updated_at ?? null,
      };
    },

    async replace(owner: number, rules: DecisionRule[]): Promise<DecisionRules> {
      checkNoContradiction(rules);
      const updatedAt = await repository.save(owner, JSON.stringify(rules));
      return { rules, is_default: false, defaults: DEFAULT_DECISION_RULES, updated_at: updatedAt };
    },
  };
}
