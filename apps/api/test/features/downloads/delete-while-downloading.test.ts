import { type IncomingMessage, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { noiseImage, solidImage, upload } from '../../support/images.js';
import { readZip } from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// A project deleted while its ZIP streams to a real client over a real connection.

let t: TestApp;
let baseUrl: string;
let user: SignedInUser;
/** A PNG of noise, which does not compress: far more bytes than the connection's buffers hold. */
let largePhoto: Buffer;
beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  user = await signUp(t.app, t.config.mail.outboxDir);
  const { data, width, height } = noiseImage(2000, 2000, 7);
  largePhoto = await sharp(data, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
});
afterAll(() => t.close());

/** Three small photos, then the large one, which the ZIP therefore streams last. */
async function projectOfPhotos(): Promise<number> {
  const projectId = await createProject(t.app, user.headers);
  const small = await solidImage('png');
  const photos = ['a', 'b', 'c'].map((name) => ({ name: `${name}.png`, data: small }));
  expect((await upload(t.app, user.headers, projectId, photos)).statusCode).toBe(201);
  expect(
    (await upload(t.app, user.headers, projectId, [{ name: 'large.png', data: largePhoto }])).statusCode,
  ).toBe(201);
  return projectId;
}

/**
 * GETs the project's ZIP and reads it as a browser saving the file does. Once a megabyte has
 * arrived (the small photos, and the large one begun) reading stops until `meanwhile` is done.
 * Resolves with the whole answer when it ended complete; rejects when the transfer was cut.
 */
async function download(projectId: number, meanwhile: () => Promise<void>) {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    get(`${baseUrl}/api/projects/${projectId}/download/`, { headers: user.headers }, resolve).on(
      'error',
      reject,
    );
  });
  const chunks: Buffer[] = [];
  let received = 0;
  let paused = false;
  for await (const chunk of response) {
    chunks.push(chunk as Buffer);
    received += (chunk as Buffer).length;
    if (!paused && received >= 1_000_000) {
      paused = true;
      await meanwhile();
    }
  }
  return { status: response.statusCode, body: Buffer.concat(chunks) };
}

describe('deleting a project while its ZIP downloads', () => {
  it('a download paused and resumed, with nothing deleted, ends complete', async () => {
    const projectId = await projectOfPhotos();
    const { status, body } = await download(projectId, async () => undefined);
    expect(status).toBe(200);
    expect((await readZip(body)).size).toBe(4 + 3);
  });

  it('is accepted, and the download ends as an error the client sees, not as a complete ZIP', async () => {
    const projectId = await projectOfPhotos();
    const ending = download(projectId, async () => {
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/projects/${projectId}/delete/`,
        headers: user.headers,
      });
      expect(deleted.statusCode).toBe(200);
    });
    // Its size, not its bytes: a failure message shows what the client got, not megabytes of it.
    const answer = ending.then(({ status, body }) => ({ status, bytes: body.length }));
    await expect(answer).rejects.toThrow(/aborted|ECONNRESET/);
  });
});
