import { DEFAULT_DECISION_RULES } from '@hullscope/contract';
import { describe, expect, it } from 'vitest';
import {
  inspectionActions,
  rulesFiredFor,
  shipRulesFired,
} from '../../../src/features/decisions/apply-rules.js';
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

describe('rules fired for the whole ship', () => {
  const rules = [
    ...DEFAULT_DECISION_RULES,
    {
      trigger: { kind: 'idle_days_at_least' as const, days: 90 },
      action: 'Dry-dock inspection',
      urgency: 'before_next_voyage' as const,
      basis: '',
    },
  ];

  it('take the highest idle-days threshold reached, and nothing without inputs', () => {
    const fire = (idleDays: number | null) =>
      shipRulesFired({ idleDays, outsideOperatingProfile: null }, rules).map((rule) => rule.rule);
    expect(fire(null)).toEqual([]);
    expect(fire(29)).toEqual([]);
    expect(fire(30)).toEqual(['Idle 30 days or more']);
    expect(fire(120)).toEqual(['Idle 90 days or more']);
  });

  it('add the outside-profile rule only when it was so', () => {
    const fire = (outside: boolean | null) =>
      shipRulesFired({ idleDays: null, outsideOperatingProfile: outside }, rules).length;
    expect([fire(null), fire(false), fire(true)]).toEqual([0, 0, 1]);
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
