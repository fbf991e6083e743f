import { type PlanPin, PlanPins, PlanPinsInterpolated, pointOnView } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { solidImage, uploadParts } from '../../support/images.js';
import { pdfPages } from '../../support/pdf.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Issue 40 §2: photos on the hull plan, by zone or dragged to a point in metres, video frames
// interpolated between two placed ones, the report's numbered pins. The vessel is 180 m long,
// 30 m in beam and 10 m in design draught, so the boot-top's upper edge is 11.2 m above the keel.

let t: TestApp;
let user: SignedInUser;
let projectId: number;
const ids: Record<string, number> = {};

const FRAMES = ['pass@00:00.0.jpg', 'pass@00:01.0.jpg', 'pass@00:02.0.jpg', 'pass@00:04.0.jpg'];

async function createProject(owner: SignedInUser, vessel: number | null) {
  const project = await t.app.inject({
    method: 'POST',
    url: '/api/projects/',
    headers: owner.headers,
    payload: { name: 'Plan pins', location: 'Rotterdam', vessel, inspection_date: '2026-11-20' },
  });
  expect(project.statusCode, project.body).toBe(201);
  return project.json().id as number;
}

async function uploadTo(zone: string | null, names: string[]) {
  const jpeg = await solidImage('jpeg');
  const response = await uploadParts(t.app, user.headers, projectId, [
    ...(zone ? [{ field: 'hull_zone', value: zone }] : []),
    ...names.map((file) => ({ field: 'images', file, data: jpeg })),
  ]);
  expect(response.statusCode, response.body).toBe(201);
  for (const entry of response.json().data as { id: number; name: string }[]) ids[entry.name] = entry.id;
}

beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app, t.config.mail.outboxDir);
  const vessel = await t.app.inject({
    method: 'POST',
    url: '/api/vessels/',
    headers: user.headers,
    payload: {
      name: 'MV Plan Pin',
      length_overall_m: 180,
      beam_m: 30,
      design_draught_m: 10,
      propellers: 1,
    },
  });
  expect(vessel.statusCode, vessel.body).toBe(201);
  projectId = await createProject(user, vessel.json().id);
  await uploadTo('vertical_side_port', FRAMES);
  await uploadTo('rudder', ['rudder-1.jpg', 'rudder-2.jpg', 'rudder-3.jpg']);
  await uploadTo(null, ['loose.jpg']);
});
afterAll(() => t.close());

const pinsPath = (project = projectId) => `/api/projects/${project}/plan-pins/`;
const getPins = async (headers = user.headers) => {
  const response = await t.app.inject({ method: 'GET', url: pinsPath(), headers });
  expect(response.statusCode, response.body).toBe(200);
  return PlanPins.parse(response.json());
};
const place = (name: string, payload: object, headers = user.headers, project = projectId) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/projects/${project}/image/${ids[name]}/plan-position/update/`,
    headers,
    payload,
  });
const interpolate = (first: string, last: string) =>
  t.app.inject({
    method: 'POST',
    url: `${pinsPath()}interpolate/`,
    headers: user.headers,
    payload: { first_image: ids[first], last_image: ids[last] },
  });
const pinOf = (pins: PlanPins, name: string): PlanPin => pins.pins.find((pin) => pin.image_name === name)!;

describe('photos placed by their zone', () => {
  it("numbers every zoned photo in upload order, puts each zone's photos in one view and lists the rest unplaced", async () => {
    const pins = await getPins();
    expect(pins.pins.map((pin) => [pin.number, pin.image_name, pin.placement])).toEqual([
      ...FRAMES.map((name, index) => [index + 1, name, 'zone']),
      [5, 'rudder-1.jpg', 'zone'],
      [6, 'rudder-2.jpg', 'zone'],
      [7, 'rudder-3.jpg', 'zone'],
    ]);
    expect(pins.unplaced).toEqual([{ image_id: ids['loose.jpg'], image_name: 'loose.jpg' }]);
    expect(
      new Set(pins.pins.filter((pin) => pin.hull_zone === 'vertical_side_port').map((pin) => pin.view)),
    ).toEqual(new Set(['port']));
  });

  it('spreads the pins of one zone so that none covers another, the first on the zone’s anchor', async () => {
    const pins = await getPins();
    const rudder = pins.pins.filter((pin) => pin.hull_zone === 'rudder');
    const view = pins.plan.views.find((candidate) => candidate.view === rudder[0]!.view)!;
    const anchor = view.shapes.find((shape) => shape.hull_zone === 'rudder')!.anchor!;
    expect(rudder[0]).toMatchObject({ x: anchor.x, y: anchor.y });
    for (const a of rudder) {
      for (const b of rudder) {
        if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(22);
      }
    }
  });
});

describe('placing a photo by hand', () => {
  it('stores a point in metres and draws it where the view puts that point', async () => {
    const response = await place(FRAMES[0]!, {
      placement: 'point',
      view: 'port',
      from_aft_m: 20,
      height_above_keel_m: 3,
    });
    expect(response.statusCode, response.body).toBe(200);
    const pins = PlanPins.parse(response.json());
    const port = pins.plan.views.find((view) => view.view === 'port')!;
    expect(pinOf(pins, FRAMES[0]!)).toMatchObject({
      placement: 'dragged',
      view: 'port',
      from_aft_m: 20,
      across_m: 3,
      ...pointOnView(port.metres!, 20, 3),
    });
    expect(pinOf(await getPins(), FRAMES[0]!).placement).toBe('dragged');
  });

  it('refuses a point outside the hull with 400 naming each field, and stores nothing', async () => {
    const beyond = await place(FRAMES[1]!, {
      placement: 'point',
      view: 'starboard',
      from_aft_m: 181,
      height_above_keel_m: 11.5,
    });
    expect(beyond.statusCode).toBe(400);
    expect(Object.keys(beyond.json()).sort()).toEqual(['from_aft_m', 'height_above_keel_m']);
    expect(beyond.json().from_aft_m[0]).toMatch(/0 to 180 m from the aft perpendicular/);
    expect(beyond.json().height_above_keel_m[0]).toMatch(/0 to 11.2 m above the keel/);

    const wide = await place(FRAMES[1]!, {
      placement: 'point',
      view: 'bottom',
      from_aft_m: 90,
      offset_from_centreline_m: -15.5,
    });
    expect(wide.statusCode).toBe(400);
    expect(wide.json()).toEqual({ offset_from_centreline_m: [expect.stringMatching(/15 m either side/)] });

    const missing = await place(FRAMES[1]!, { placement: 'point', view: 'port', from_aft_m: 90 });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['height_above_keel_m']);
    expect(pinOf(await getPins(), FRAMES[1]!).placement).toBe('zone');
  });

  it("answers 404 for another organisation's image or project, exactly like an unknown id", async () => {
    const other = await signUp(t.app, t.config.mail.outboxDir);
    const point = { placement: 'point', view: 'port', from_aft_m: 10, height_above_keel_m: 2 };
    expect((await place(FRAMES[1]!, point, other.headers)).statusCode).toBe(404);
    const ownProject = await createProject(other, null);
    expect((await place(FRAMES[1]!, point, other.headers, ownProject)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pinsPath(), headers: other.headers })).statusCode).toBe(
      404,
    );
    expect(pinOf(await getPins(), FRAMES[1]!).placement).toBe('zone');
  });

  it('puts a photo back by its zone', async () => {
    await place('rudder-2.jpg', {
      placement: 'point',
      view: 'bottom',
      from_aft_m: 3,
      offset_from_centreline_m: 1,
    });
    const response = await place('rudder-2.jpg', { placement: 'zone' });
    expect(response.statusCode, response.body).toBe(200);
    expect(pinOf(PlanPins.parse(response.json()), 'rudder-2.jpg').placement).toBe('zone');
  });
});

describe("a photo's place and the project's other answers", () => {
  it("leaves the image lists' ETags as they were, and raises the plan's own counter that signing compares", async () => {
    const etagOf = async (path: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/projects/${projectId}/${path}`,
          headers: user.headers,
        })
      ).headers.etag;
    const planVersion = async () =>
      (
        await t.app.database.db
          .selectFrom('projects')
          .select('plan_version')
          .where('id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).plan_version;
    const before = { thumbnails: await etagOf('thumbnails/'), details: await etagOf('image-details/') };
    const version = await planVersion();
    const moved = await place('rudder-2.jpg', {
      placement: 'point',
      view: 'bottom',
      from_aft_m: 4,
      offset_from_centreline_m: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(before.thumbnails).toBeDefined();
    expect({ thumbnails: await etagOf('thumbnails/'), details: await etagOf('image-details/') }).toEqual(
      before,
    );
    expect(await planVersion()).toBe(version + 1);
    await place('rudder-2.jpg', { placement: 'zone' });
  });
});

describe('video frames between two placed frames', () => {
  it('refuses to interpolate from a frame nobody placed, naming it', async () => {
    const response = await interpolate(FRAMES[0]!, FRAMES[3]!);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ last_image: [`Place ${FRAMES[3]} on the plan first.`] });
  });

  it('places the frames between by their time on the line between the two, leaving the others', async () => {
    await place(FRAMES[3]!, { placement: 'point', view: 'port', from_aft_m: 60, height_above_keel_m: 5 });
    const response = await interpolate(FRAMES[0]!, FRAMES[3]!);
    expect(response.statusCode, response.body).toBe(200);
    const pins = PlanPinsInterpolated.parse(response.json());
    expect(pins.interpolated).toBe(2);
    // 0 s at (20 m, 3 m), 4 s at (60 m, 5 m): 1 s a quarter of the way, 2 s half way.
    expect(pinOf(pins, FRAMES[1]!)).toMatchObject({
      placement: 'interpolated',
      from_aft_m: 30,
      across_m: 3.5,
    });
    expect(pinOf(pins, FRAMES[2]!)).toMatchObject({ placement: 'interpolated', from_aft_m: 40, across_m: 4 });
    expect(pinOf(pins, FRAMES[3]!).placement).toBe('dragged');
    expect(pinOf(pins, 'rudder-1.jpg').placement).toBe('zone');
  });

  it('refuses two frames that are not of one video', async () => {
    await place('rudder-1.jpg', { placement: 'point', view: 'port', from_aft_m: 2, height_above_keel_m: 2 });
    const response = await interpolate(FRAMES[0]!, 'rudder-1.jpg');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['last_image']);
  });
});

describe('the report and the signed inspection', () => {
  it('prints the plan with numbered pins and a legend of the photos', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/report/`,
      headers: user.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const text = (await pdfPages(response.rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Photos on the plan');
    expect(text).toContain(
      `1 ${FRAMES[0]}: Port side, 20 m from the aft perpendicular, 3 m above the keel (placed by hand)`,
    );
    expect(text).toContain(
      `2 ${FRAMES[1]}: Port side, 30 m from the aft perpendicular, 3.5 m above the keel (interpolated)`,
    );
    expect(text).toMatch(
      /6 rudder-2\.jpg: Port side, [\d.]+ m from the aft perpendicular, [\d.]+ m above the keel \(by zone: Rudder\)/,
    );
    expect(text).toContain('Not on the plan: loose.jpg');
  });

  it('refuses position changes once the inspection is signed, with 409', async () => {
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/sign/`,
      headers: user.headers,
      payload: { name: 'Grace Hopper', position: 'Superintendent' },
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const moved = await place(FRAMES[1]!, {
      placement: 'point',
      view: 'port',
      from_aft_m: 9,
      height_above_keel_m: 1,
    });
    expect(moved.statusCode).toBe(409);
    expect((await interpolate(FRAMES[0]!, FRAMES[3]!)).statusCode).toBe(409);
    expect(pinOf(await getPins(), FRAMES[1]!).from_aft_m).toBe(30);
  });
});

describe('an inspection without a vessel', () => {
  it('has no plan to place photos on: 409', async () => {
    const project = await createProject(user, null);
    const response = await t.app.inject({ method: 'GET', url: pinsPath(project), headers: user.headers });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toMatch(/vessel/);
  });
});

describe('a vessel whose particulars shrink after a photo was placed', () => {
  it('draws the photo at the hull’s new edge, keeping it on the plan', async () => {
    const inject = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, headers: user.headers, payload });
    const vessel = await inject('POST', '/api/vessels/', {
      name: 'MV Shrinking',
      length_overall_m: 120,
      beam_m: 20,
      design_draught_m: 8,
    });
    const project = await createProject(user, vessel.json().id);
    const uploaded = await uploadParts(t.app, user.headers, project, [
      { field: 'images', file: 'stern.jpg', data: await solidImage('jpeg') },
    ]);
    const imageId = (uploaded.json().data as { id: number }[])[0]!.id;
    const placed = await inject('PATCH', `/api/projects/${project}/image/${imageId}/plan-position/update/`, {
      placement: 'point',
      view: 'bottom',
      from_aft_m: 110,
      offset_from_centreline_m: 9,
    });
    expect(placed.statusCode, placed.body).toBe(200);

    const shrunk = await inject('PATCH', `/api/vessels/${vessel.json().id}/update/`, {
      length_overall_m: 80,
      beam_m: 12,
    });
    expect(shrunk.statusCode, shrunk.body).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: pinsPath(project), headers: user.headers });
    const pins = PlanPins.parse(response.json());
    const bottom = pins.plan.views.find((view) => view.view === 'bottom')!;
    const [pin] = pins.pins;
    expect(pin).toMatchObject({ placement: 'dragged', view: 'bottom', from_aft_m: 80, across_m: 6 });
    expect(pin).toMatchObject(pointOnView(bottom.metres!, 80, 6));
  });
});
