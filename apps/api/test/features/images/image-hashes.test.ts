import { createHash } from 'node:crypto';
import { DEFAULT_QUALITY_THRESHOLDS, ImageHashList, UploadLimits } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { solidImage, upload } from '../../support/images.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Issue 24: a survey-size upload reads the server's limits and the project's content hashes first,
// so it sends requests the server accepts and skips files the project already holds.

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;
let projectId: number;
let otherProjectId: number;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const hashes = (user: SignedInUser, project: number | string = projectId) =>
  t.app.inject({ method: 'GET', url: `/api/projects/${project}/image-hashes/`, headers: user.headers });

beforeAll(async () => {
  t = await createTestApp({
    WORKER_ENABLED: 'false',
    UPLOAD_MAX_FILES: '7',
    UPLOAD_MAX_FILE_MB: '3',
    UPLOAD_MAX_MEGAPIXELS: '12',
  });
  owner = await signUp(t.app, t.config.mail.outboxDir);
  stranger = await signUp(t.app, t.config.mail.outboxDir);
  projectId = await createProject(t.app, owner.headers, { name: 'Survey', location: 'Kiel' });
  otherProjectId = await createProject(t.app, owner.headers, { name: 'Other', location: 'Kiel' });
});
afterAll(() => t.close());

describe('upload limits', () => {
  it('answers the configured files per request, bytes per file, pixels per image and the default quality thresholds', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/upload-limits/', headers: owner.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(UploadLimits.parse(answer.json())).toEqual({
      max_files: 7,
      max_file_bytes: 3 * 1024 * 1024,
      max_pixels: 12_000_000,
      quality_thresholds: DEFAULT_QUALITY_THRESHOLDS,
    });
  });

  it('is for signed-in users only', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/upload-limits/' });
    expect(answer.statusCode).toBe(401);
  });
});

describe("a project's image hashes", () => {
  it('is empty for a project without images', async () => {
    const answer = await hashes(owner);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual([]);
  });

  it('lists the SHA-256 of the bytes of each uploaded image, in upload order, for that project only', async () => {
    const png = await solidImage('png');
    const jpeg = await solidImage('jpeg');
    const stored = await upload(t.app, owner.headers, projectId, [
      { name: 'port.png', data: png },
      { name: 'bow.jpg', data: jpeg },
    ]);
    expect(stored.statusCode, stored.body).toBe(201);
    const elsewhere = await upload(t.app, owner.headers, otherProjectId, [{ name: 'x.jpg', data: jpeg }]);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);

    const answer = await hashes(owner);
    expect(answer.statusCode, answer.body).toBe(200);
    const list = ImageHashList.parse(answer.json());
    expect(list.map(({ image_name, content_sha256 }) => ({ image_name, content_sha256 }))).toEqual([
      { image_name: 'port.png', content_sha256: sha256(png) },
      { image_name: 'bow.jpg', content_sha256: sha256(jpeg) },
    ]);
    expect(list.map((row) => row.id)).toEqual(
      (stored.json() as { data: { id: number }[] }).data.map((row) => row.id),
    );
  });

  it("answers 404 for another user's project, an unknown one and a malformed id", async () => {
    expect((await hashes(stranger)).statusCode).toBe(404);
    expect((await hashes(owner, 999_999)).statusCode).toBe(404);
    expect((await hashes(owner, 'abc')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/image-hashes/` })).statusCode,
    ).toBe(401);
  });
});
