import { DEFAULT_DECISION_RULES, InspectionAreas } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../support/accounts.js';
import { COUNT_POOR_PHOTOS_ENV } from '../../support/quality-pictures.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { type InspectionFixture, inspectedProject } from '../inspections/inspection-fixture.js';

// Issue 40 §4: each organisation's decision rules, the IMO-based defaults until changed.

let t: TestApp;
let f: InspectionFixture;
beforeAll(async () => {
  t = await createTestApp(COUNT_POOR_PHOTOS_ENV);
  f = await inspectedProject(t);
});
afterAll(() => t.close());

const getRules = (headers = f.user.headers) =>
  t.app.inject({ method: 'GET', url: '/api/decision-rules/', headers });
const putRules = (rules: object[], headers = f.user.headers) =>
  t.app.inject({ method: 'PUT', url: '/api/decision-rules/update/', headers, payload: { rules } });

const cleanAtTwo = {
  trigger: { kind: 'rating_at_least', rating: 2 },
  action: 'Clean at the next port, diver with capture',
  urgency: 'before_next_voyage',
  basis: 'Company rule HSQE-12',
};

describe('decision rules', () => {
  it('are the documented defaults until changed', async () => {
    const response = await getRules();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      rules: DEFAULT_DECISION_RULES,
      is_default: true,
      defaults: DEFAULT_DECISION_RULES,
      updated_at: null,
    });
    expect(DEFAULT_DECISION_RULES.every((rule) => rule.basis.includes('MEPC.378(80)'))).toBe(true);
  });

  it('refuse two rules with one trigger, naming both, and keep the rules as they were', async () => {
    const response = await putRules([
      cleanAtTwo,
      { ...cleanAtTwo, action: 'Do nothing', urgency: 'monitor' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      rules: ['Rule 2 has the same trigger as rule 1: one trigger, one action.'],
    });
    expect((await getRules()).json().is_default).toBe(true);
  });

  it('refuse malformed rules on the rules field', async () => {
    for (const rule of [
      { ...cleanAtTwo, trigger: { kind: 'rating_at_least', rating: 5 } },
      { ...cleanAtTwo, urgency: 'someday' },
      { ...cleanAtTwo, action: ' ' },
      { ...cleanAtTwo, trigger: { kind: 'moon_phase' } },
    ]) {
      const response = await putRules([rule]);
      expect(response.statusCode, JSON.stringify(rule)).toBe(400);
      expect(Object.keys(response.json())).toEqual(['rules']);
    }
  });

  it("once replaced, decide the account's inspections, and only that account's", async () => {
    const saved = await putRules([cleanAtTwo]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      rules: [cleanAtTwo],
      is_default: false,
      updated_at: expect.any(String),
    });
    const list = InspectionAreas.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/projects/${f.projectId}/inspection-areas/`,
          headers: f.user.headers,
        })
      ).json(),
    );
    // The propeller (rating 1) no longer has a rule; the flat bottom gets the company's.
    expect(list.actions).toEqual([
      expect.objectContaining({
        rule: 'Rating 2 or worse',
        action: 'Clean at the next port, diver with capture',
        urgency_label: 'Before the next voyage',
        basis: 'Company rule HSQE-12',
        areas: ['Flat bottom'],
      }),
    ]);
    const other = await signUp(t.app, t.config.mail.outboxDir);
    expect((await getRules(other.headers)).json().is_default).toBe(true);
  });

  it('restore the defaults when they are sent back', async () => {
    const response = await putRules(DEFAULT_DECISION_RULES);
    expect(response.statusCode).toBe(200);
    expect((await getRules()).json().rules).toEqual(DEFAULT_DECISION_RULES);
  });
});
