import { HULL_ZONES, hullZoneLabels } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import {
  type UploadPart,
  filesUnder,
  solidImage,
  uploadParts as uploadPartsAs,
} from '../../support/images.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Issue 18 §3: every image has a hull zone (or none), set for a whole upload and per image later.

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;
let projectId: number;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
  owner = await signUp(t.app, t.config.mail.outboxDir);
  stranger = await signUp(t.app, t.config.mail.outboxDir);
  projectId = await createProject(t.app, owner.headers, { name: 'Zones', location: 'Kiel' });
  png = await solidImage('png');
});
afterAll(() => t.close());

type Part = UploadPart;

function uploadParts(parts: Part[], user = owner, project = projectId) {
  return uploadPartsAs(t.app, user.headers, project, parts);
}

const image = (name: string): Part => ({ field: 'images', file: name, data: png });
const zone = (value: string): Part => ({ field: 'hull_zone', value });

const thumbnails = async (user = owner, project = projectId) =>
  t.app.inject({ method: 'GET', url: `/api/projects/${project}/thumbnails/`, headers: user.headers });
const fullImage = (imageId: number, user = owner) =>
  t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/image/${imageId}/`, headers: user.headers });
const setZone = (imageId: number, payload: object, user = owner, project = projectId) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/projects/${project}/image/${imageId}/update/`,
    headers: user.headers,
    payload,
  });
const zoneOf = async (imageId: number) =>
  (
    await t.app.database.db
      .selectFrom('images')
      .select('hull_zone')
      .where('id', '=', imageId)
      .executeTakeFirstOrThrow()
  ).hull_zone;
const imageCount = async () => (await t.app.database.db.selectFrom('images').select('id').execute()).length;

describe('hull zones', () => {
  it('has a human label for every zone, and the issue’s 19 zones', () => {
    expect(HULL_ZONES).toHaveLength(19);
    expect(Object.keys(hullZoneLabels).sort()).toEqual([...HULL_ZONES].sort());
    expect(hullZoneLabels.sea_chest).toBe('Sea chest');
    expect(hullZoneLabels.vertical_side_port).toBe('Vertical side (port)');
  });

  it('sets the zone of every image of an upload, whether the field comes before or after the files', async () => {
    const before = await uploadParts([zone('sea_chest'), image('a.png'), image('b.png')]);
    expect(before.statusCode, before.body).toBe(201);
    const after = await uploadParts([image('c.png'), image('d.png'), zone('propeller')]);
    expect(after.statusCode, after.body).toBe(201);
    const between = await uploadParts([image('e.png'), zone('bulbous_bow'), image('f.png')]);
    expect(between.statusCode, between.body).toBe(201);
    const ids = [before, after, between].flatMap((response) =>
      response.json().data.map((entry: { id: number }) => entry.id),
    );
    expect(await Promise.all(ids.map(zoneOf))).toEqual([
      'sea_chest',
      'sea_chest',
      'propeller',
      'propeller',
      'bulbous_bow',
      'bulbous_bow',
    ]);
    // The spec's answer is unchanged: message and the created ids and names.
    expect(before.json()).toEqual({
      message: 'Uploaded images successfully',
      data: [
        { id: expect.any(Number), name: 'a.png' },
        { id: expect.any(Number), name: 'b.png' },
      ],
    });
  });

  it('leaves the zone null without the field or with it empty', async () => {
    const none = await uploadParts([image('none.png')]);
    const empty = await uploadParts([zone(''), image('empty.png')]);
    expect([none.statusCode, empty.statusCode]).toEqual([201, 201]);
    expect(await zoneOf(none.json().data[0].id)).toBeNull();
    expect(await zoneOf(empty.json().data[0].id)).toBeNull();
  });

  it('takes every zone of the list', async () => {
    for (const value of HULL_ZONES) {
      const response = await uploadParts([zone(value), image(`${value}.png`)]);
      expect(response.statusCode, response.body).toBe(201);
      expect(await zoneOf(response.json().data[0].id)).toBe(value);
    }
  });

  it('refuses a bad zone with a 400 on hull_zone and stores nothing, before or after the files', async () => {
    const stored = await filesUnder(t.config.storageDir);
    const rows = await imageCount();
    for (const parts of [
      [zone('keel'), image('x.png')],
      [image('x.png'), image('y.png'), zone('Sea chest')],
    ]) {
      const response = await uploadParts(parts);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ hull_zone: [expect.stringMatching(/is not a valid hull zone\.$/)] });
    }
    const twice = await uploadParts([zone('bow'), image('x.png'), zone('stern')]);
    expect(twice.json()).toEqual({ hull_zone: ['Send one hull zone per upload.'] });
    const asFile = await uploadParts([
      { field: 'hull_zone', file: 'zone.txt', data: Buffer.from('bow') },
      image('x.png'),
    ]);
    expect(asFile.json()).toEqual({ hull_zone: ['Send the hull zone as a text field, not as a file.'] });
    // Both problems at once when there is no image either.
    const nothing = await uploadParts([zone('keel')]);
    expect(nothing.json()).toEqual({
      hull_zone: ['"keel" is not a valid hull zone.'],
      images: ['Choose at least one image to upload.'],
    });
    expect(await filesUnder(t.config.storageDir)).toEqual(stored);
    expect(await imageCount()).toBe(rows);
    expect(await filesUnder(t.config.uploads.tempDir)).toEqual([]);
  });

  it('answers the zone in the thumbnails and the full image', async () => {
    const uploaded = await uploadParts([zone('rudder'), image('rudder.png')]);
    const imageId: number = uploaded.json().data[0].id;
    const listed = (await thumbnails()).json().find((entry: { id: number }) => entry.id === imageId);
    expect(listed).toEqual({
      id: imageId,
      image_name: 'rudder.png',
      base64_thumbnail: expect.any(String),
      hull_zone: 'rudder',
    });
    expect((await fullImage(imageId)).json()).toMatchObject({ id: imageId, hull_zone: 'rudder' });
  });

  it('updates one image’s zone (PATCH …/update/), clears it with null, keeps it without the field', async () => {
    const uploaded = await uploadParts([image('one.png'), image('two.png')]);
    const [first, second] = uploaded.json().data.map((entry: { id: number }) => entry.id) as number[];
    const changed = await setZone(first!, { hull_zone: 'anodes' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      id: first,
      image_name: 'one.png',
      width: 64,
      height: 48,
      hull_zone: 'anodes',
    });
    expect(await zoneOf(first!)).toBe('anodes');
    expect(await zoneOf(second!)).toBeNull();
    expect((await fullImage(first!)).json().hull_zone).toBe('anodes');

    const kept = await setZone(first!, {});
    expect(kept.statusCode).toBe(200);
    expect(kept.json().hull_zone).toBe('anodes');

    const cleared = await setZone(first!, { hull_zone: null });
    expect(cleared.json().hull_zone).toBeNull();
    expect(await zoneOf(first!)).toBeNull();
  });

  it('refuses a bad zone on update with a 400 on hull_zone and changes nothing', async () => {
    const imageId: number = (await uploadParts([zone('bow'), image('bow.png')])).json().data[0].id;
    for (const value of ['keel', '', 'BOW', 7]) {
      const response = await setZone(imageId, { hull_zone: value });
      expect(response.statusCode, String(value)).toBe(400);
      expect(Object.keys(response.json())).toEqual(['hull_zone']);
    }
    expect((await setZone(imageId, { hull_zone: 'keel' })).json()).toEqual({
      hull_zone: ['"keel" is not a valid hull zone.'],
    });
    expect(await zoneOf(imageId)).toBe('bow');
  });

  it("answers 404 for another user's project or image, and for an image of another project", async () => {
    const imageId: number = (await uploadParts([zone('stern'), image('stern.png')])).json().data[0].id;
    const theirs = await setZone(imageId, { hull_zone: 'bow' }, stranger);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: 'Not found.' });
    expect((await setZone(imageId, {}, stranger)).statusCode).toBe(404);
    const strangerProject = await createProject(t.app, stranger.headers);
    expect((await setZone(imageId, { hull_zone: 'bow' }, stranger, strangerProject)).statusCode).toBe(404);
    const otherProject = await createProject(t.app, owner.headers);
    expect((await setZone(imageId, { hull_zone: 'bow' }, owner, otherProject)).statusCode).toBe(404);
    expect((await setZone(987_654, { hull_zone: 'bow' })).statusCode).toBe(404);
    expect((await thumbnails(stranger)).statusCode).toBe(404);
    const upload = await uploadParts([zone('bow'), image('theirs.png')], stranger);
    expect(upload.statusCode).toBe(404);
    expect(await zoneOf(imageId)).toBe('stern');
  });
});
