import { HullPlan } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Issue 40 §1: a vessel's particulars, and the hull plan drawn from them.

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, t.config.mail.outboxDir);
  stranger = await signUp(t.app, t.config.mail.outboxDir);
});
afterAll(() => t.close());

const create = (payload: object, user = owner) =>
  t.app.inject({ method: 'POST', url: '/api/vessels/', headers: user.headers, payload });
const update = (id: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/vessels/${id}/update/`, headers: owner.headers, payload });
const plan = (id: number, user = owner) =>
  t.app.inject({ method: 'GET', url: `/api/vessels/${id}/hull-plan/`, headers: user.headers });

const PARTICULARS = {
  length_overall_m: 189.99,
  beam_m: 32.26,
  design_draught_m: 12.5,
  propellers: 1,
  bow_thrusters: 1,
  stern_thrusters: 0,
  sea_chests: 3,
  sea_chest_side: 'both',
  bilge_keels: true,
  stabilisers: false,
  inspection_interval_days: 180,
};

describe('vessel particulars', () => {
  it('are stored and answered as sent, decimals kept to the centimetre', async () => {
    const response = await create({ name: 'MV Plan', ...PARTICULARS, beam_m: 32.2649 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ ...PARTICULARS, beam_m: 32.26 });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/vessels/${response.json().id}/`,
      headers: owner.headers,
    });
    expect(read.json()).toMatchObject({ ...PARTICULARS, beam_m: 32.26 });
  });

  it('change one at a time and clear with null; the others stay', async () => {
    const id = (await create({ name: 'MV Change', ...PARTICULARS })).json().id;
    const changed = await update(id, { stabilisers: true, sea_chests: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ ...PARTICULARS, stabilisers: true, sea_chests: null });
  });

  it('out of range: 400 on each field, nothing stored', async () => {
    const response = await create({
      name: 'MV Wrong',
      length_overall_m: 4,
      beam_m: 81,
      propellers: 1.5,
      sea_chests: -1,
      sea_chest_side: 'aft',
      bilge_keels: 'yes',
      inspection_interval_days: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      length_overall_m: ['Ensure this value is greater than or equal to 5.'],
      beam_m: ['Ensure this value is less than or equal to 80.'],
      propellers: ['Please enter a whole number'],
      sea_chests: ['Ensure this value is greater than or equal to 0.'],
      sea_chest_side: ['Choose port, starboard or both.'],
      bilge_keels: [expect.any(String)],
      inspection_interval_days: ['Ensure this value is greater than or equal to 1.'],
    });
    const names = (await t.app.inject({ method: 'GET', url: '/api/vessels/', headers: owner.headers }))
      .json()
      .map((vessel: { name: string }) => vessel.name);
    expect(names).not.toContain('MV Wrong');
  });

  it('a beam not less than the length, or a draught not less than the beam, is refused on that field', async () => {
    const wide = await create({ name: 'MV Wide', length_overall_m: 30, beam_m: 30 });
    expect(wide.statusCode).toBe(400);
    expect(wide.json()).toEqual({ beam_m: ['The beam must be less than the length overall.'] });
    // Against the stored figures when a change sends only one of them.
    const id = (await create({ name: 'MV Deep', length_overall_m: 100, beam_m: 15 })).json().id;
    const deep = await update(id, { design_draught_m: 15 });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ design_draught_m: ['The design draught must be less than the beam.'] });
    const side = await update(id, { sea_chests: 0, sea_chest_side: 'port' });
    expect(side.json()).toEqual({ sea_chest_side: ['Give the side only for a vessel with sea chests.'] });
    expect((await update(id, { design_draught_m: 6 })).statusCode).toBe(200);
  });
});

describe('the hull plan', () => {
  it('draws port, starboard and bottom views with exactly the zones and niches the particulars give', async () => {
    const id = (
      await create({ name: 'MV Drawn', ...PARTICULARS, stabilisers: true, stern_thrusters: 2 })
    ).json().id;
    const response = await plan(id);
    expect(response.statusCode, response.body).toBe(200);
    const drawn = HullPlan.parse(response.json());
    expect(drawn.views.map((view) => view.view)).toEqual(['port', 'starboard', 'bottom']);
    const legend = drawn.legend.map((entry) => entry.hull_zone);
    expect(legend).toContain('stabilisers');
    expect(legend).toContain('stern_thruster');
    expect(legend).not.toContain('other');
    // Every area of the legend is drawn somewhere, and nothing is drawn outside the legend.
    const drawnZones = new Set(drawn.views.flatMap((view) => view.shapes.map((shape) => shape.hull_zone)));
    expect([...drawnZones].sort()).toEqual([...legend].sort());
    const port = drawn.views[0]!;
    const starboard = drawn.views[1]!;
    // Three sea chests on both sides: two to port, one to starboard; two stern thrusters in each side view.
    const count = (view: typeof port, zone: string) =>
      view.shapes.filter((shape) => shape.hull_zone === zone).length;
    expect([count(port, 'sea_chest'), count(starboard, 'sea_chest')]).toEqual([2, 1]);
    expect(count(port, 'stern_thruster')).toBe(2);
    expect(count(port, 'vertical_side_port')).toBe(1);
    expect(count(port, 'vertical_side_starboard')).toBe(0);
    expect(drawn.legend.find((entry) => entry.hull_zone === 'sea_chest')).toEqual({
      hull_zone: 'sea_chest',
      label: 'Sea chest',
      kind: 'niche',
    });
    expect(drawn.legend.find((entry) => entry.hull_zone === 'flat_bottom')?.kind).toBe('hull_zone');
    // Every path is well-formed SVG path data inside its view.
    for (const view of drawn.views) {
      for (const shape of view.shapes) {
        expect(shape.path).toMatch(/^M[\d. ]+/);
        const numbers = shape.path.match(/-?\d+(\.\d+)?/g)!.map(Number);
        expect(Math.min(...numbers)).toBeGreaterThanOrEqual(0);
        expect(Math.max(...numbers)).toBeLessThanOrEqual(Math.max(view.width, view.height));
      }
    }
    // A ship drawn from its own figures says nothing was assumed but the niche positions.
    expect(drawn.assumptions.join(' ')).not.toMatch(/not given/);
  });

  it('leaves out the niches a vessel lacks, and says what it assumed for figures not given', async () => {
    const id = (
      await create({ name: 'MV Barge', propellers: 0, bow_thrusters: 0, sea_chests: 0, bilge_keels: false })
    ).json().id;
    const drawn = HullPlan.parse((await plan(id)).json());
    const legend = drawn.legend.map((entry) => entry.hull_zone);
    for (const absent of [
      'propeller',
      'rope_guard_shaft',
      'bow_thruster',
      'sea_chest',
      'gratings',
      'bilge_keels',
      'stabilisers',
    ]) {
      expect(legend).not.toContain(absent);
    }
    expect(drawn.assumptions).toContain('Length overall not given: drawn 100 m long.');
  });

  it("is not found for another user's vessel or an unknown one", async () => {
    const id = (await create({ name: 'MV Mine' })).json().id;
    expect((await plan(id, stranger)).statusCode).toBe(404);
    expect((await plan(999_999)).statusCode).toBe(404);
  });
});
