import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { filesUnder, pngClaiming, solidImage, upload } from '../../support/images.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { createProject } from '../../support/projects.js';

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_FILE_MB: '1', UPLOAD_MAX_FILES: '5', WORKER_ENABLED: 'false' });
  owner = await signUp(t.app, t.config.mail.outboxDir);
  stranger = await signUp(t.app, t.config.mail.outboxDir);
  projectId = await createProject(t.app, owner.headers, { name: 'Hull survey', location: 'Bremerhaven' });
});
afterAll(() => t.close());

const storedFiles = () => filesUnder(t.config.storageDir);
const tempFiles = () => filesUnder(t.config.uploads.tempDir);
const imageCount = async () =>
  (await t.app.database.db.selectFrom('images').select('id').where('project_id', '=', projectId).execute())
    .length;

async function expectRefused(files: { name: string; data: Buffer }[], message: RegExp) {
  const before = { stored: await storedFiles(), rows: await imageCount() };
  const response = await upload(t.app, owner.headers, projectId, files);
  expect(response.statusCode, response.body).toBe(400);
  const problems: string[] = response.json().images;
  expect(
    problems.some((problem) => message.test(problem)),
    problems.join(' | '),
  ).toBe(true);
  expect(await storedFiles()).toEqual(before.stored);
  expect(await imageCount()).toBe(before.rows);
  expect(await tempFiles()).toEqual([]);
  return problems;
}

describe('POST /api/projects/{id}/image-upload/', () => {
  it('accepts JPEG, PNG, WebP, TIFF and HEVC-coded HEIC in one request, judged by content', async () => {
    const heic = await readFile(path.join(import.meta.dirname, '../../fixtures/images/red-48x32.heic'));
    const files = [
      { name: 'hull.jpg', data: await solidImage('jpeg') },
      { name: 'hull.png', data: await solidImage('png') },
      { name: 'hull.webp', data: await solidImage('webp') },
      { name: 'hull.tiff', data: await solidImage('tiff') },
      { name: 'iphone.HEIC', data: heic },
    ];
    const response = await upload(t.app, owner.headers, projectId, files);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      message: 'Uploaded images successfully',
      data: files.map((file) => ({ id: expect.any(Number), name: file.name })),
    });
    const rows = await t.app.database.db
      .selectFrom('images')
      .selectAll()
      .where('project_id', '=', projectId)
      .execute();
    expect(rows.map((row) => [row.name, row.format, row.width, row.height])).toEqual([
      ['hull.jpg', 'jpeg', 64, 48],
      ['hull.png', 'png', 64, 48],
      ['hull.webp', 'webp', 64, 48],
      ['hull.tiff', 'tiff', 64, 48],
      ['iphone.HEIC', 'heif', 48, 32],
    ]);
    // The original bytes are kept unchanged, with their hash.
    const jpegRow = rows[0]!;
    const stored = await readFile(path.join(t.config.storageDir, jpegRow.storage_prefix, 'original.jpg'));
    expect(stored.equals(files[0]!.data)).toBe(true);
    expect(jpegRow.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await tempFiles()).toEqual([]);
  });

  it('applies EXIF orientation to the stored size', async () => {
    const landscape = await sharp(await solidImage('png', 40, 20))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await upload(t.app, owner.headers, projectId, [
      { name: 'rotated.jpg', data: landscape },
    ]);
    expect(response.statusCode).toBe(201);
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/image/${response.json().data[0].id}/`,
      headers: owner.headers,
    });
    expect(image.json()).toMatchObject({ width: 20, height: 40 });
    const preview = await sharp(Buffer.from(image.json().base64_image, 'base64')).metadata();
    expect([preview.width, preview.height]).toEqual([20, 40]);
  });

  it('cleans file names: no folders, control or text-direction characters', async () => {
    const response = await upload(t.app, owner.headers, projectId, [
      { name: 'C:\\dives\\hull\u0001\u007f\u0085 \u202Egnp.exe', data: await solidImage('png') },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data[0].name).toBe('hull gnp.exe');
  });

  it('shortens a name over 200 characters in the middle, keeping its start and extension', async () => {
    const name = `MV-Nordstern_sea-chest-port_2026-11-24_${'diver-camera-'.repeat(15)}${'x'.repeat(4)}take-3.png`;
    expect(name.length).toBe(248);
    const response = await upload(t.app, owner.headers, projectId, [{ name, data: await solidImage('png') }]);
    expect(response.statusCode, response.body).toBe(201);
    const stored: string = response.json().data[0].name;
    expect(stored).toHaveLength(200);
    expect(stored.startsWith('MV-Nordstern_sea-chest-port_2026-11-24_diver-camera-')).toBe(true);
    expect(stored).toMatch(/…[a-z-]+take-3\.png$/);
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await sharp(await solidImage('png', 400, 300))
      .jpeg()
      .toBuffer();
    await expectRefused(
      [{ name: 'cut.jpg', data: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)) }],
      /^cut\.jpg: .*damaged or incomplete/,
    );
  });

  it('refuses a text file named .jpg', async () => {
    await expectRefused(
      [{ name: 'notes.jpg', data: Buffer.from('These are my dive notes.\n') }],
      /^notes\.jpg: not an image file/,
    );
  });

  it('refuses a zero-byte file', async () => {
    await expectRefused([{ name: 'empty.png', data: Buffer.alloc(0) }], /^empty\.png: the file is empty/);
  });

  it('refuses a PNG whose header claims 100 000 × 100 000 pixels, before decoding it', async () => {
    await expectRefused(
      [{ name: 'bomb.png', data: pngClaiming(100_000, 100_000) }],
      /^bomb\.png: the image has 100000 × 100000 pixels .*at most 100 MP/,
    );
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([await solidImage('png'), Buffer.alloc(1024 * 1024 + 10)]);
    await expectRefused([{ name: 'huge.png', data: big }], /^huge\.png: the file is larger than 1 MB/);
  });

  it('is all or nothing: one bad file in a batch stores none, and every bad file is named', async () => {
    const problems = await expectRefused(
      [
        { name: 'good.jpg', data: await solidImage('jpeg') },
        { name: 'bad-1.jpg', data: Buffer.from('nope') },
        { name: 'bad-2.png', data: Buffer.alloc(0) },
      ],
      /^bad-1\.jpg/,
    );
    expect(problems).toHaveLength(2);
    expect(problems[1]).toMatch(/^bad-2\.png/);
  });

  it('refuses more files than allowed per request, and a request without images', async () => {
    const file = { name: 'x.png', data: await solidImage('png') };
    const tooMany = await upload(
      t.app,
      owner.headers,
      projectId,
      Array.from({ length: 6 }, () => file),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().images[0]).toBe('Too many files: at most 5 images per upload.');
    const none = await upload(t.app, owner.headers, projectId, [file], 'other');
    expect(none.json()).toEqual({ images: ['Choose at least one image to upload.'] });
    expect(await tempFiles()).toEqual([]);
  });
});

describe('images API', () => {
  it('lists thumbnails, returns the full image, deletes files and row', async () => {
    const uploaded = await upload(t.app, owner.headers, projectId, [
      { name: 'keel.png', data: await solidImage('png', 900, 600) },
    ]);
    const imageId: number = uploaded.json().data[0].id;
    const thumbnails = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/thumbnails/`,
      headers: owner.headers,
    });
    const thumbnail = thumbnails.json().find((entry: { id: number }) => entry.id === imageId);
    expect(thumbnail).toEqual({
      id: imageId,
      image_name: 'keel.png',
      base64_thumbnail: expect.any(String),
      hull_zone: null,
    });
    const thumbMeta = await sharp(Buffer.from(thumbnail.base64_thumbnail, 'base64')).metadata();
    expect(thumbMeta.format).toBe('jpeg');
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(320);

    const full = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/image/${imageId}/`,
      headers: owner.headers,
    });
    expect(full.json()).toEqual({
      id: imageId,
      image_name: 'keel.png',
      base64_image: expect.any(String),
      width: 900,
      height: 600,
      hull_zone: null,
      // One flat colour: no edges, no contrast (issue 46).
      quality: expect.objectContaining({ grade: 'poor' }),
    });

    const prefix = (
      await t.app.database.db
        .selectFrom('images')
        .select('storage_prefix')
        .where('id', '=', imageId)
        .executeTakeFirstOrThrow()
    ).storage_prefix;
    expect(await filesUnder(path.join(t.config.storageDir, prefix))).toEqual([
      'model-input/standard.rgb',
      'original.png',
      'preview.jpg',
      'thumbnail.b64',
      'thumbnail.jpg',
    ]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/image/${imageId}/delete/`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await filesUnder(path.join(t.config.storageDir, prefix))).toEqual([]);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/image/${imageId}/`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 on every image route for another user's project or image", async () => {
    const uploaded = await upload(t.app, owner.headers, projectId, [
      { name: 'mine.png', data: await solidImage('png') },
    ]);
    const imageId: number = uploaded.json().data[0].id;
    const base = `/api/projects/${projectId}`;
    const routes: [string, string][] = [
      ['GET', `${base}/thumbnails/`],
      ['GET', `${base}/image/${imageId}/`],
      ['DELETE', `${base}/image/${imageId}/delete/`],
      ['GET', `${base}/image/${imageId}/download/`],
      ['GET', `${base}/download/`],
      ['GET', `${base}/image/${imageId}/prediction-thumbnails/`],
      ['GET', `${base}/predict-count/`],
    ];
    for (const [method, url] of routes) {
      const response = await t.app.inject({ method: method as 'GET', url, headers: stranger.headers });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const strangerUpload = await upload(t.app, stranger.headers, projectId, [
      { name: 'x.png', data: await solidImage('png') },
    ]);
    expect(strangerUpload.statusCode).toBe(404);
    const stillThere = await t.app.inject({
      method: 'GET',
      url: `${base}/image/${imageId}/`,
      headers: owner.headers,
    });
    expect(stillThere.statusCode).toBe(200);
  });

  it('needs authentication before reading the upload', async () => {
    const response = await upload(t.app, { authorization: 'Bearer nope' }, projectId, [
      { name: 'x.png', data: await solidImage('png') },
    ]);
    expect(response.statusCode).toBe(401);
    expect(await tempFiles()).toEqual([]);
  });
});
