import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { FullImage, ImageThumbnailList, THUMBNAIL_PAGE_MAX } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import {
  distinctJpeg,
  filesUnder,
  storedImageFolder,
  storedThumbnailBase64,
  upload,
} from '../../support/images.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_FILES: '10', WORKER_ENABLED: 'false' });
  owner = await signUp(t.app, t.config.mail.outboxDir);
});
afterAll(() => t.close());

async function projectWith(count: number): Promise<{ projectId: number; imageIds: number[] }> {
  const projectId = await createProject(t.app, owner.headers);
  const files = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `hull-${index}.jpg`,
      data: await distinctJpeg(index),
    })),
  );
  const uploaded = await upload(t.app, owner.headers, projectId, files);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return { projectId, imageIds: uploaded.json().data.map((entry: { id: number }) => entry.id) };
}

function thumbnails(projectId: number, query = '', headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/thumbnails/${query}`,
    headers: { ...owner.headers, ...headers },
  });
}

const prefixOf = (imageId: number) => storedImageFolder(t, imageId);
const thumbnailBase64 = (imageId: number) => storedThumbnailBase64(t, imageId);

describe('GET /api/projects/{id}/thumbnails/', () => {
  it("answers the spec's list of every image without parameters, each thumbnail its file's base64", async () => {
    const { projectId, imageIds } = await projectWith(3);
    const response = await thumbnails(projectId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-total-count']).toBe('3');
    const list = ImageThumbnailList.parse(response.json());
    expect(list).toEqual(
      await Promise.all(
        imageIds.map(async (id, index) => ({
          id,
          image_name: `hull-${index}.jpg`,
          base64_thumbnail: await thumbnailBase64(id),
          hull_zone: null,
        })),
      ),
    );
    // Exactly the serialiser's JSON for the same list.
    expect(response.body).toBe(JSON.stringify(list));
  });

  it('answers each of many clients asking for the full list at once with the whole list, in its coding', async () => {
    const { projectId } = await projectWith(2);
    const expected = (await thumbnails(projectId)).body;
    // One kept list shared by all. (inject ends each answer at once, so the write turns never make
    // one wait here: test/http/write-turns.test.ts tests the waiting.)
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        thumbnails(projectId, '', index % 2 ? { 'accept-encoding': 'gzip' } : {}),
      ),
    );
    for (const [index, response] of responses.entries()) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(index % 2 ? 'gzip' : undefined);
      const body = index % 2 ? gunzipSync(response.rawPayload).toString() : response.body;
      expect(body).toBe(expected);
    }
  });

  it("changes the list's and the image's ETag when an image's hull zone changes, and answers the zone", async () => {
    const { projectId, imageIds } = await projectWith(2);
    const list = await thumbnails(projectId);
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/image/${imageIds[1]}/`,
      headers: owner.headers,
    });
    const zoned = await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${projectId}/image/${imageIds[1]}/update/`,
      headers: owner.headers,
      payload: { hull_zone: 'propeller' },
    });
    expect(zoned.statusCode, zoned.body).toBe(200);

    const listAfter = await thumbnails(projectId, '', { 'if-none-match': list.headers.etag as string });
    expect(listAfter.statusCode).toBe(200);
    expect(listAfter.json().map((entry: { hull_zone: string | null }) => entry.hull_zone)).toEqual([
      null,
      'propeller',
    ]);
    const imageAfter = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/image/${imageIds[1]}/`,
      headers: { ...owner.headers, 'if-none-match': image.headers.etag as string },
    });
    expect(imageAfter.statusCode).toBe(200);
    expect(imageAfter.json().hull_zone).toBe('propeller');
    // Unchanged since: 304 again.
    const unchanged = await thumbnails(projectId, '', { 'if-none-match': listAfter.headers.etag as string });
    expect(unchanged.statusCode).toBe(304);
  });

  it('answers an empty project with []', async () => {
    const projectId = await createProject(t.app, owner.headers);
    const response = await thumbnails(projectId);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('[]');
  });

  it('answers 304 to If-None-Match with its ETag, and a new upload or a delete changes the ETag', async () => {
    const { projectId, imageIds } = await projectWith(2);
    const first = await thumbnails(projectId);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await thumbnails(projectId, '', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // The 200's Vary, repeated (RFC 9110 §15.4.5): a cache keeps its copy keyed by the coding it holds.
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(again.headers.vary).toBe(first.headers.vary);
    // Several tags, and the strong form of a weak one, match as RFC 9110's weak comparison says.
    const listed = await thumbnails(projectId, '', { 'if-none-match': `W/"other", ${etag.slice(2)}` });
    expect(listed.statusCode).toBe(304);
    const stale = await thumbnails(projectId, '', { 'if-none-match': 'W/"other"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(etag);

    const added = await upload(t.app, owner.headers, projectId, [
      { name: 'bow.jpg', data: await distinctJpeg(9) },
    ]);
    expect(added.statusCode).toBe(201);
    const afterUpload = await thumbnails(projectId, '', { 'if-none-match': etag });
    expect(afterUpload.statusCode).toBe(200);
    expect(afterUpload.json()).toHaveLength(3);
    const etagAfterUpload = afterUpload.headers.etag as string;
    expect(etagAfterUpload).not.toBe(etag);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/image/${imageIds[0]}/delete/`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const afterDelete = await thumbnails(projectId, '', { 'if-none-match': etagAfterUpload });
    expect(afterDelete.statusCode).toBe(200);
    expect(afterDelete.json().map((entry: { id: number }) => entry.id)).not.toContain(imageIds[0]);
    expect([etag, etagAfterUpload]).not.toContain(afterDelete.headers.etag);
  });

  it('pages with offset and limit; past the end is an empty page', async () => {
    const { projectId, imageIds } = await projectWith(5);
    const ids = async (query: string) => {
      const response = await thumbnails(projectId, query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      expect(response.headers['x-total-count']).toBe('5');
      return ImageThumbnailList.parse(response.json()).map((entry) => entry.id);
    };
    expect(await ids('?limit=2')).toEqual(imageIds.slice(0, 2));
    expect(await ids('?offset=2&limit=2')).toEqual(imageIds.slice(2, 4));
    expect(await ids('?offset=3')).toEqual(imageIds.slice(3));
    expect(await ids('?offset=4&limit=200')).toEqual(imageIds.slice(4));
    expect(await ids('?offset=5')).toEqual([]);
    expect(await ids('?offset=1000&limit=10')).toEqual([]);
    // Each page has its own tag.
    const pageOne = await thumbnails(projectId, '?limit=2');
    const pageTwo = await thumbnails(projectId, '?offset=2&limit=2');
    expect(pageOne.headers.etag).not.toBe(pageTwo.headers.etag);
    const revalidated = await thumbnails(projectId, '?limit=2', { 'if-none-match': pageOne.headers.etag! });
    expect(revalidated.statusCode).toBe(304);
    expect(pageOne.headers.vary).toMatch(/accept-encoding/i);
    expect(revalidated.headers.vary).toBe(pageOne.headers.vary);
  });

  it('refuses malformed paging with 400 field errors', async () => {
    const projectId = await createProject(t.app, owner.headers);
    const cases: [string, Record<string, string[]>][] = [
      ['?limit=abc', { limit: ['A valid integer is required.'] }],
      ['?limit=', { limit: ['A valid integer is required.'] }],
      ['?limit=1.5', { limit: ['A valid integer is required.'] }],
      ['?limit=0', { limit: ['Ensure this value is greater than or equal to 1.'] }],
      [`?limit=${THUMBNAIL_PAGE_MAX + 1}`, { limit: [`Ensure this value is less than or equal to 200.`] }],
      ['?offset=-1', { offset: ['Ensure this value is greater than or equal to 0.'] }],
      ['?offset=1e3', { offset: ['A valid integer is required.'] }],
      ['?limit=1&limit=2', { limit: ['A valid integer is required.'] }],
      [
        '?offset=x&limit=-3',
        {
          offset: ['A valid integer is required.'],
          limit: ['Ensure this value is greater than or equal to 1.'],
        },
      ],
    ];
    for (const [query, body] of cases) {
      const response = await thumbnails(projectId, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual(body);
    }
  });

  it('sends a page the same content whatever encoding is accepted, uncompressed (see base64-answers.ts)', async () => {
    const { projectId } = await projectWith(4);
    const plain = await thumbnails(projectId, '?limit=3');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(3);
    for (const accepted of ['gzip', 'br', 'gzip, deflate, br, zstd']) {
      const answer = await thumbnails(projectId, '?limit=3', { 'accept-encoding': accepted });
      expect(answer.statusCode, accepted).toBe(200);
      expect(answer.headers['content-encoding'], accepted).toBeUndefined();
      expect(answer.body, accepted).toBe(plain.body);
      expect(answer.headers.etag, accepted).toBe(plain.headers.etag);
    }
  });

  it('keeps each thumbnail as base64 beside it at upload, and removes it with the image', async () => {
    const { projectId, imageIds } = await projectWith(1);
    const folder = await prefixOf(imageIds[0]!);
    expect(await filesUnder(folder)).toEqual([
      'model-input/standard.rgb',
      'original.jpg',
      'preview.jpg',
      'thumbnail.b64',
      'thumbnail.jpg',
    ]);
    expect(await readFile(path.join(folder, 'thumbnail.b64'), 'latin1')).toBe(
      await thumbnailBase64(imageIds[0]!),
    );
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/image/${imageIds[0]}/delete/`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await filesUnder(folder)).toEqual([]);
    expect((await thumbnails(projectId)).json()).toEqual([]);
  });

  it('makes and keeps the base64 of images uploaded before copies were kept', async () => {
    const { projectId, imageIds } = await projectWith(3);
    const copies = await Promise.all(
      imageIds.map(async (id) => path.join(await prefixOf(id), 'thumbnail.b64')),
    );
    const kept = await Promise.all(copies.map((copy) => readFile(copy, 'latin1')));
    // As an upload of an earlier release left them: no copy (and nothing read yet by this process).
    await rm(copies[0]!);
    await rm(copies[2]!);
    const fallback = await thumbnails(projectId);
    expect(fallback.statusCode).toBe(200);
    expect(ImageThumbnailList.parse(fallback.json()).map((entry) => entry.base64_thumbnail)).toEqual(kept);
    for (const [index, copy] of copies.entries()) {
      expect(await readFile(copy, 'latin1')).toBe(await thumbnailBase64(imageIds[index]!));
    }
    // Files are not part of the tag: the list is the same answer.
    const again = await thumbnails(projectId);
    expect(again.body).toBe(fallback.body);
    expect(again.headers.etag).toBe(fallback.headers.etag);
  });

  it('shows the new thumbnail when a new image takes the id of a deleted one', async () => {
    const projectId = await createProject(t.app, owner.headers);
    const first = await upload(t.app, owner.headers, projectId, [
      { name: 'a.jpg', data: await distinctJpeg(1) },
    ]);
    const firstId: number = first.json().data[0].id;
    const before = await thumbnails(projectId);
    expect(before.json()[0].base64_thumbnail).toBe(await thumbnailBase64(firstId));
    await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/image/${firstId}/delete/`,
      headers: owner.headers,
    });
    // SQLite hands out the id of a deleted last row again; PostgreSQL does not, and either must hold.
    const second = await upload(t.app, owner.headers, projectId, [
      { name: 'a.jpg', data: await distinctJpeg(2) },
    ]);
    const secondId: number = second.json().data[0].id;
    const after = await thumbnails(projectId, '', { 'if-none-match': before.headers.etag! });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json()).toEqual([
      {
        id: secondId,
        image_name: 'a.jpg',
        base64_thumbnail: await thumbnailBase64(secondId),
        hull_zone: null,
      },
    ]);
    expect(after.json()[0].base64_thumbnail).not.toBe(before.json()[0].base64_thumbnail);
  });

  it("does not answer 304 to a deleted project's tag when a new project takes its id", async () => {
    const projectId = await createProject(t.app, owner.headers);
    await upload(t.app, owner.headers, projectId, [{ name: 'a.jpg', data: await distinctJpeg(3) }]);
    const before = await thumbnails(projectId);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/delete/`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    // SQLite hands out a deleted last row's id again, and the new project's counters start from 0.
    const again = await createProject(t.app, owner.headers);
    await upload(t.app, owner.headers, again, [{ name: 'a.jpg', data: await distinctJpeg(4) }]);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${again}/thumbnails/`,
      headers: { ...owner.headers, 'if-none-match': before.headers.etag! },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('leaves out an image whose files went while the list was read', async () => {
    const { projectId, imageIds } = await projectWith(2);
    // The row is still there, the files are not (a delete between the list's query and its reads).
    await rm(await prefixOf(imageIds[1]!), { recursive: true });
    const response = await thumbnails(projectId);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((entry: { id: number }) => entry.id)).toEqual([imageIds[0]]);
  });

  it('answers 404 for a project of another user before looking at If-None-Match', async () => {
    const { projectId } = await projectWith(1);
    const etag = (await thumbnails(projectId)).headers.etag as string;
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/thumbnails/`,
      headers: { ...stranger.headers, 'if-none-match': etag },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers.etag).toBeUndefined();
  });
});

describe('GET /api/projects/{id}/image/{imageId}/', () => {
  it('answers the full image with an ETag, 304 on If-None-Match, and the same content to a gzip client', async () => {
    const { projectId, imageIds } = await projectWith(1);
    const url = `/api/projects/${projectId}/image/${imageIds[0]}/`;
    const response = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(response.statusCode).toBe(200);
    const image = FullImage.parse(response.json());
    const preview = await readFile(path.join(await prefixOf(imageIds[0]!), 'preview.jpg'));
    expect(image).toEqual({
      id: imageIds[0],
      image_name: 'hull-0.jpg',
      base64_image: preview.toString('base64'),
      width: 400,
      height: 300,
      hull_zone: null,
      quality: expect.objectContaining({ grade: expect.stringMatching(/^(good|fair|poor)$/) }),
    });
    expect(response.body).toBe(JSON.stringify(image));
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...owner.headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const gzipped = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...owner.headers, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBeUndefined();
    expect(gzipped.body).toBe(response.body);
  });
});
