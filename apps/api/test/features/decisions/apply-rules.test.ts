import { DEFAULT_DECISION_RULES } from '@hullscope/contract';
import { describe, expect, it } from 'vitest';
import { inspectionActions, rulesFiredFor } from '../../../src/features/decisions/apply-rules.js';
import { addDays, nextInspection } from '../../../src/features/decisions/next-inspection.js';

const area = (rating: number | null, extra: object = {}) => ({
  label: 'Rudder',
  notInspected: false,
  rating,
  antifouling: 'not_assessed' as const,
  ...extra,
});

describe('rules fired for an area', () => {
  it('take only the highest rating threshold reached', () => {
    expect(rulesFiredFor(area(0), DEFAULT_DECISION_RULES)).toEqual([]);
    expect(rulesFiredFor(area(4), DEFAULT_DECISION_RULES).map((rule) => rule.rule)).toEqual([
      'Rating 3 or worse',
    ]);
    expect(rulesFiredFor(area(2), DEFAULT_DECISION_RULES).map((rule) => rule.rule)).toEqual([
      'Rating 2 or worse',
    ]);
  });

  it('add the coating rule and the not-inspected rule, most urgent first', () => {
    const fired = rulesFiredFor(area(1, { antifouling: 'major_damage' }), DEFAULT_DECISION_RULES);
    expect(fired.map((rule) => rule.urgency)).toEqual(['next_dry_docking', 'monitor']);
    const unseen = rulesFiredFor(area(null, { notInspected: true }), DEFAULT_DECISION_RULES);
    expect(unseen.map((rule) => rule.rule)).toEqual(['Not inspected']);
  });

  it('join areas under each rule once', () => {
    const fired = rulesFiredFor(area(2), DEFAULT_DECISION_RULES);
    const actions = inspectionActions([
      { label: 'Rudder', actions: fired },
      { label: 'Flat bottom', actions: fired },
    ]);
    expect(actions).toHaveLength(1);
    expect(actions[0]!.areas).toEqual(['Rudder', 'Flat bottom']);
  });
});

describe('next inspection', () => {
  it('adds whole days in UTC, across month and leap-year ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('has no due date without an inspection date, and no contingency without actions', () => {
    expect(nextInspection(null, 90, [])).toMatchObject({
      due_date: null,
      interval_days: 90,
      interval_is_default: false,
      contingency: null,
    });
  });
});
