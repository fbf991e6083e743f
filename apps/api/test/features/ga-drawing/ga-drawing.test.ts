import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { GaDrawing, MAX_GA_DRAWING_BYTES } from '@hullscope/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { pngClaiming, solidImage, uploadParts } from '../../support/images.js';
import { pdfPages } from '../../support/pdf.js';
import { postMask } from '../../support/masks.js';
import { teammate } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Issue 40 §1's alternative: the ship's own GA drawing as its hull plan, with a rectangle per zone.

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, t.config.mail.outboxDir);
});
afterAll(() => t.close());

async function newVessel(user: SignedInUser = owner, headers: Record<string, string> = user.headers) {
  const vessel = await t.app.inject({
    method: 'POST',
    url: '/api/vessels/',
    headers,
    payload: { name: `MV Drawing ${Math.random().toString(36).slice(2, 8)}` },
  });
  expect(vessel.statusCode, vessel.body).toBe(201);
  return vessel.json().id as number;
}

const base = (vesselId: number) => `/api/vessels/${vesselId}/ga-drawing/`;
const upload = (vesselId: number, data: Buffer, headers: Record<string, string> = owner.headers) =>
  postMask(t.app, headers, base(vesselId), data, 'drawing');
const get = (url: string, headers: Record<string, string> = owner.headers) =>
  t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object, headers: Record<string, string> = owner.headers) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const storedFolders = async (vesselId: number) =>
  readdir(
    path.join(
      t.dataDir,
      'storage',
      'users',
      String(owner.organisationId),
      'vessels',
      String(vesselId),
      'ga-drawing',
    ),
  ).catch(() => []);
const auditActions = async () =>
  ((await get('/api/organisation/audit/?limit=100')).json() as { action: string }[]).map(
    (event) => event.action,
  );

describe('the vessel’s GA drawing (issue 40 §1)', () => {
  it('stores a PNG drawing, serves it back and places zone rectangles inside it', async () => {
    const vesselId = await newVessel();
    expect((await get(base(vesselId))).statusCode).toBe(404);
    const png = await solidImage('png', 400, 120);
    const uploaded = await upload(vesselId, png);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(GaDrawing.parse(uploaded.json())).toMatchObject({
      vessel: vesselId,
      width: 400,
      height: 120,
      content_type: 'image/png',
      size_bytes: png.length,
      zones: [],
    });
    expect(uploaded.json().uploaded_by).toEqual(expect.any(String));

    const image = await get(`${base(vesselId)}image/`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-cache');
    expect(image.rawPayload.equals(png)).toBe(true);
    const again = await get(`${base(vesselId)}image/`, {
      ...owner.headers,
      'if-none-match': String(image.headers.etag),
    });
    expect(again.statusCode).toBe(304);

    const zones = [
      { hull_zone: 'rudder', x: 0, y: 40, width: 30, height: 60 },
      { hull_zone: 'flat_bottom', x: 50, y: 100, width: 300, height: 20 },
    ];
    const placed = await post(`${base(vesselId)}zones/update/`, { zones });
    expect(placed.statusCode, placed.body).toBe(200);
    // Answered in the order of the hull zones.
    expect(placed.json().zones).toEqual([zones[1], zones[0]]);
    expect((await get(base(vesselId))).json().zones).toEqual([zones[1], zones[0]]);
    expect(await auditActions()).toContain('ga_drawing.upload');
  });

  it('refuses rectangles outside the drawing, twice the same zone and bad numbers, changing nothing', async () => {
    const vesselId = await newVessel();
    expect((await upload(vesselId, await solidImage('jpeg', 200, 100))).statusCode).toBe(201);
    const kept = [{ hull_zone: 'propeller', x: 10, y: 10, width: 20, height: 20 }];
    expect((await post(`${base(vesselId)}zones/update/`, { zones: kept })).statusCode).toBe(200);

    const outside = await post(`${base(vesselId)}zones/update/`, {
      zones: [
        { hull_zone: 'rudder', x: 0, y: 0, width: 10, height: 10 },
        { hull_zone: 'transom', x: 190, y: 0, width: 11, height: 10 },
      ],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().zones).toEqual([
      expect.stringMatching(/transom .*outside the drawing, which is 200×100/),
    ]);
    const twice = await post(`${base(vesselId)}zones/update/`, {
      zones: [
        { hull_zone: 'rudder', x: 0, y: 0, width: 10, height: 10 },
        { hull_zone: 'rudder', x: 20, y: 0, width: 10, height: 10 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().zones).toEqual(['Each zone may have one rectangle only.']);
    for (const bad of [{ width: 0 }, { x: -1 }, { y: 1.5 }, { hull_zone: 'funnel' }]) {
      const answer = await post(`${base(vesselId)}zones/update/`, {
        zones: [{ hull_zone: 'rudder', x: 0, y: 0, width: 10, height: 10, ...bad }],
      });
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(answer.json())).toEqual(['zones']);
    }
    expect((await get(base(vesselId))).json().zones).toEqual(kept);
  });

  it('refuses SVG, non-images, truncated and oversized files on the drawing field and stores nothing', async () => {
    const vesselId = await newVessel();
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const refusals: [Buffer, RegExp][] = [
      [svg, /export the drawing as PNG or JPEG/],
      [Buffer.from('%PDF-1.7 not a drawing'), /not a PNG or JPEG image/],
      [await solidImage('webp'), /not a PNG or JPEG image/],
      [(await solidImage('png', 300, 300)).subarray(0, 200), /not a PNG or JPEG image/],
      [pngClaiming(10_000, 10_000), /10000×10000 pixels; at most 40 million/],
      [Buffer.concat([await solidImage('png'), Buffer.alloc(MAX_GA_DRAWING_BYTES)]), /larger than 10 MB/],
    ];
    for (const [data, message] of refusals) {
      const answer = await upload(vesselId, data);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().drawing).toEqual([expect.stringMatching(message)]);
    }
    const wrongField = await postMask(t.app, owner.headers, base(vesselId), await solidImage('png'), 'image');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().drawing).toEqual([expect.stringMatching(/form field "drawing"/)]);
    expect((await get(base(vesselId))).statusCode).toBe(404);
    expect(await storedFolders(vesselId)).toEqual([]);
  });

  it('stores a JPEG turned by its EXIF orientation upright, with the upright size', async () => {
    const vesselId = await newVessel();
    const turned = await sharp(await solidImage('jpeg', 80, 40))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const uploaded = await upload(vesselId, turned);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ width: 40, height: 80, content_type: 'image/jpeg' });
    const stored = await sharp((await get(`${base(vesselId)}image/`)).rawPayload).metadata();
    expect([stored.width, stored.height, stored.orientation ?? 1]).toEqual([40, 80, 1]);
  });

  it('replaces a drawing, keeping only the rectangles that still fit, and removes the old file', async () => {
    const vesselId = await newVessel();
    expect((await upload(vesselId, await solidImage('png', 400, 200))).statusCode).toBe(201);
    const [first] = await storedFolders(vesselId);
    const fits = { hull_zone: 'bow', x: 0, y: 0, width: 100, height: 50 };
    const tooWide = { hull_zone: 'stern', x: 250, y: 0, width: 100, height: 50 };
    expect((await post(`${base(vesselId)}zones/update/`, { zones: [fits, tooWide] })).statusCode).toBe(200);
    const replaced = await upload(vesselId, await solidImage('png', 300, 200));
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json()).toMatchObject({ width: 300, zones: [fits] });
    const folders = await storedFolders(vesselId);
    expect(folders).toHaveLength(1);
    expect(folders[0]).not.toBe(first);

    // Two uploads at once: one wins, and neither leaves its file behind.
    const both = await Promise.all([
      upload(vesselId, await solidImage('png', 320, 200)),
      upload(vesselId, await solidImage('jpeg', 330, 200)),
    ]);
    expect(both.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(await storedFolders(vesselId)).toHaveLength(1);
    expect([320, 330]).toContain((await get(base(vesselId))).json().width);
  });

  it('deletes the drawing with its zones and file, audited; deleting the vessel removes its files', async () => {
    const vesselId = await newVessel();
    expect((await upload(vesselId, await solidImage('png'))).statusCode).toBe(201);
    const deleted = await post(`${base(vesselId)}delete/`, {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(base(vesselId))).statusCode).toBe(404);
    expect((await get(`${base(vesselId)}image/`)).statusCode).toBe(404);
    expect(await storedFolders(vesselId)).toEqual([]);
    expect((await post(`${base(vesselId)}delete/`, {})).statusCode).toBe(404);
    expect(await auditActions()).toContain('ga_drawing.delete');

    const other = await newVessel();
    expect((await upload(other, await solidImage('png'))).statusCode).toBe(201);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/vessels/${other}/delete/`,
      headers: owner.headers,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await storedFolders(other)).toEqual([]);
  });

  it('answers 404 to another organisation and lets a viewer look but not change', async () => {
    const vesselId = await newVessel();
    expect((await upload(vesselId, await solidImage('png'))).statusCode).toBe(201);
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    for (const url of [base(vesselId), `${base(vesselId)}image/`]) {
      expect((await get(url, stranger.headers)).statusCode).toBe(404);
    }
    expect((await upload(vesselId, await solidImage('png'), stranger.headers)).statusCode).toBe(404);
    expect((await post(`${base(vesselId)}zones/update/`, { zones: [] }, stranger.headers)).statusCode).toBe(
      404,
    );
    expect((await post(`${base(vesselId)}delete/`, {}, stranger.headers)).statusCode).toBe(404);

    const viewer = await teammate(t, owner, owner.organisationId, 'viewer');
    expect((await get(`${base(vesselId)}image/`, viewer.team)).statusCode).toBe(200);
    expect((await upload(vesselId, await solidImage('png'), viewer.team)).statusCode).toBe(403);
    expect((await post(`${base(vesselId)}delete/`, {}, viewer.team)).statusCode).toBe(403);
    expect((await get(base(vesselId))).statusCode).toBe(200);
  });

  it('is in the report: its zones in report.json, the drawing in place of the drawn plan in the PDF', async () => {
    const vesselId = await newVessel();
    const project = await post('/api/projects/', {
      name: 'GA survey',
      location: 'Rotterdam',
      vessel: vesselId,
      inspection_date: '2026-11-20',
    });
    expect(project.statusCode, project.body).toBe(201);
    const projectId = project.json().id as number;
    const photos = await uploadParts(t.app, owner.headers, projectId, [
      { field: 'hull_zone', value: 'rudder' },
      { field: 'images', file: 'rudder-1.jpg', data: await solidImage('jpeg') },
    ]);
    expect(photos.statusCode, photos.body).toBe(201);
    const report = (url: string) => get(`/api/projects/${projectId}/${url}`);

    const drawnPlan = (await pdfPages((await report('report/')).rawPayload)).join('\n');
    expect(drawnPlan).not.toContain("The ship's GA drawing");
    expect(drawnPlan).toContain('Schematic');

    expect((await upload(vesselId, await solidImage('png', 600, 200))).statusCode).toBe(201);
    const rudder = { hull_zone: 'rudder', x: 10, y: 50, width: 60, height: 100 };
    expect((await post(`${base(vesselId)}zones/update/`, { zones: [rudder] })).statusCode).toBe(200);
    const json = await report('report.json');
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().ga_drawing).toMatchObject({ width: 600, height: 200, zones: [rudder] });
    const pdf = await report('report/');
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain("The ship's GA drawing");
    expect(text).toContain('Zones as placed on the drawing, coloured by rating');
    // The drawn plan's assumptions do not describe the ship's own drawing.
    expect(text).not.toContain('Schematic');
    expect(text).toContain('Photos on the plan');

    // Signed, the PDF prints the drawing signed; once replaced, the drawn plan again, never the new one.
    const signed = await post(`/api/projects/${projectId}/sign/`, {
      name: 'Grace Hopper',
      position: 'Superintendent',
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const signedPdf = async () => (await pdfPages((await report('report/')).rawPayload)).join('\n');
    expect(await signedPdf()).toContain("The ship's GA drawing");
    expect((await upload(vesselId, await solidImage('png', 640, 200))).statusCode).toBe(201);
    expect(await signedPdf()).not.toContain("The ship's GA drawing");
    expect((await report('report.json')).json().ga_drawing).toMatchObject({ width: 600 });
  });
});
