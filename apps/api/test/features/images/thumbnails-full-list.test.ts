// The spec client's full thumbnail list (no parameters) is kept per version with its codings (brotli
// and gzip; gzip alone over 24 MiB of JSON, kept-answers.test.ts) (issue 21): coded when asked for,
// the same content as uncoded, and never a stale version.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ImageThumbnailList } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { distinctJpeg, storedThumbnailBase64, upload } from '../../support/images.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({
    UPLOAD_MAX_FILES: '10',
    WORKER_ENABLED: 'false',
    CORS_ORIGINS: 'https://app.hullscope.example',
  });
  owner = await signUp(t.app, t.config.mail.outboxDir);
});
afterAll(() => t.close());

async function uploadPictures(projectId: number, first: number, count: number): Promise<number[]> {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `hull-${first + index}.jpg`,
      data: await distinctJpeg(first + index),
    })),
  );
  const uploaded = await upload(t.app, owner.headers, projectId, files);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return uploaded.json().data.map((entry: { id: number }) => entry.id);
}

function fullList(projectId: number, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/thumbnails/`,
    headers: { ...owner.headers, ...headers },
  });
}

const thumbnailBase64 = (imageId: number) => storedThumbnailBase64(t, imageId);

describe('GET /api/projects/{id}/thumbnails/ without parameters, coded', () => {
  it('sends brotli or gzip as accepted, the same JSON once decoded, and none when neither is', async () => {
    const projectId = await createProject(t.app, owner.headers);
    const ids = await uploadPictures(projectId, 0, 4);
    const plain = await fullList(projectId);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['x-total-count']).toBe('4');
    expect(ImageThumbnailList.parse(plain.json()).map((entry) => entry.id)).toEqual(ids);
    expect(plain.json()[0].base64_thumbnail).toBe(await thumbnailBase64(ids[0]!));

    const browser = await fullList(projectId, { 'accept-encoding': 'gzip, deflate, br' });
    expect(browser.statusCode).toBe(200);
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toMatch(/accept-encoding/i);
    expect(browser.headers['x-total-count']).toBe('4');
    expect(browser.headers.etag).toBe(plain.headers.etag);
    expect(browser.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(browser.rawPayload).toString('utf8')).toBe(plain.body);

    const gzipped = await fullList(projectId, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);

    // Asked across origins, the answer varies by both: a cache must not hand one origin's CORS
    // headers, or one client's coding, to another.
    const crossOrigin = await fullList(projectId, {
      'accept-encoding': 'gzip',
      origin: 'https://app.hullscope.example',
    });
    expect(crossOrigin.headers['access-control-allow-origin']).toBe('https://app.hullscope.example');
    expect(crossOrigin.headers.vary).toMatch(/origin/i);
    expect(crossOrigin.headers.vary).toMatch(/accept-encoding/i);

    const refused = await fullList(projectId, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('answers every coding with the new list after an upload and after a delete, never the kept one', async () => {
    const projectId = await createProject(t.app, owner.headers);
    const ids = await uploadPictures(projectId, 10, 2);
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const before = await fullList(projectId, browser);
    const decoded = (answer: typeof before) =>
      ImageThumbnailList.parse(JSON.parse(brotliDecompressSync(answer.rawPayload).toString('utf8')));
    expect(decoded(before).map((entry) => entry.id)).toEqual(ids);

    const added = await uploadPictures(projectId, 12, 1);
    const afterUpload = await fullList(projectId, { ...browser, 'if-none-match': before.headers.etag! });
    expect(afterUpload.statusCode).toBe(200);
    expect(afterUpload.headers['x-total-count']).toBe('3');
    expect(decoded(afterUpload).map((entry) => entry.id)).toEqual([...ids, ...added]);
    expect(decoded(afterUpload)[2]!.base64_thumbnail).toBe(await thumbnailBase64(added[0]!));
    // The uncoded answer of the new version agrees with the coded one.
    expect((await fullList(projectId)).json()).toEqual(decoded(afterUpload));

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/image/${ids[0]}/delete/`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const afterDelete = await fullList(projectId, browser);
    expect(decoded(afterDelete).map((entry) => entry.id)).toEqual([ids[1], added[0]]);
    expect(afterDelete.headers['x-total-count']).toBe('2');
  });

  it('answers many clients asking at once for a changed list with the same content', async () => {
    const projectId = await createProject(t.app, owner.headers);
    await uploadPictures(projectId, 20, 3);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        fullList(projectId, index % 2 === 0 ? { 'accept-encoding': 'gzip' } : {}),
      ),
    );
    const plain = answers[1]!.body;
    for (const [index, answer] of answers.entries()) {
      expect(answer.statusCode).toBe(200);
      const body = index % 2 === 0 ? gunzipSync(answer.rawPayload).toString('utf8') : answer.body;
      expect(body, `client ${index}`).toBe(plain);
    }
  });
});
