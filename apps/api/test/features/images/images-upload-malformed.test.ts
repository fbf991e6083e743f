import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { filesUnder, solidImage } from '../../support/images.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let owner: SignedInUser;
let projectId: number;
/** What request loggers were asked to log as errors (whatever the log level lets through). */
let errorsLogged: unknown[][] = [];

beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
  owner = await signUp(t.app, t.config.mail.outboxDir);
  projectId = await createProject(t.app, owner.headers);
  const child = t.app.log.child.bind(t.app.log);
  vi.spyOn(t.app.log, 'child').mockImplementation((...args: Parameters<FastifyBaseLogger['child']>) => {
    const logger = child(...args);
    logger.error = (...logged: unknown[]) => void errorsLogged.push(logged);
    return logger;
  });
});
afterEach(() => {
  const logged = errorsLogged;
  errorsLogged = [];
  expect(logged, 'errors logged').toEqual([]);
});
afterAll(() => t.close());

/** A multipart body as a browser would send it, one `images` part holding `file`. */
function multipartBody(boundary: string, file: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="hull.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

function send(contentType: string, payload: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/image-upload/`,
    headers: { ...owner.headers, 'content-type': contentType },
    payload,
  });
}

describe('malformed multipart uploads are a 400 with a detail, never a 500', () => {
  it('a multipart content type without a boundary', async () => {
    for (const contentType of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=""',
    ]) {
      const response = await send(contentType, multipartBody('x', await solidImage('png')));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        detail: 'The upload could not be read: its Content-Type names no multipart boundary.',
      });
    }
  });

  it('a boundary longer than the 70 characters multipart allows', async () => {
    // The parser itself fails from 256 characters on; RFC 2046 allows 70.
    for (const length of [71, 300]) {
      const boundary = 'b'.repeat(length);
      const response = await send(
        `multipart/form-data; boundary=${boundary}`,
        multipartBody(boundary, await solidImage('png')),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        detail: 'The upload could not be read: its multipart boundary is longer than 70 characters.',
      });
    }
  });

  it('a body cut off in the middle of a file', async () => {
    const boundary = 'cut-off-boundary';
    const body = multipartBody(boundary, await solidImage('png', 400, 300));
    const response = await send(`multipart/form-data; boundary=${boundary}`, body.subarray(0, 300));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      detail: 'The upload could not be read: the multipart body is malformed or incomplete.',
    });
    expect(await filesUnder(t.config.uploads.tempDir)).toEqual([]);
  });

  it('a body cut off in the headers of a second file', async () => {
    const boundary = 'cut-off-boundary';
    const first = multipartBody(boundary, await solidImage('png'));
    const second = multipartBody(boundary, await solidImage('png'));
    const body = Buffer.concat([
      first.subarray(0, first.length - 4),
      Buffer.from('\r\n'),
      second.subarray(0, 40),
    ]);
    const response = await send(`multipart/form-data; boundary=${boundary}`, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      detail: 'The upload could not be read: the multipart body is malformed or incomplete.',
    });
    expect(await filesUnder(t.config.uploads.tempDir)).toEqual([]);
  });

  it('still accepts a well-formed body with a 70-character boundary', async () => {
    const boundary = 'b'.repeat(70);
    const response = await send(
      `multipart/form-data; boundary=${boundary}`,
      multipartBody(boundary, await solidImage('png')),
    );
    expect(response.statusCode, response.body).toBe(201);
  });
});
