import type { AddressInfo } from 'node:net';
import {
  ALREADY_IN_PROJECT,
  type HullscopeClient,
  HullscopeApiError,
  HullscopeNetworkError,
  createHullscopeClient,
} from '@hullscope/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../support/accounts.js';
import { createApiKey } from '../support/api-keys.js';
import { distinctJpeg } from '../support/images.js';
import { readZip } from '../support/predictions.js';
import { freePort } from '../support/server-process.js';
import { type TestApp, createTestApp } from '../support/test-app.js';

let t: TestApp;
let baseUrl: string;
let user: SignedInUser;
let other: SignedInUser;

/** Each user's API key with read and write, made in beforeAll. */
const keys = new Map<SignedInUser, string>();
const keyOf = (someone: SignedInUser) => keys.get(someone)!;
const clientOf = (someone: SignedInUser, options: { fetch?: typeof fetch } = {}) =>
  createHullscopeClient({ baseUrl, apiKey: keyOf(someone), ...options });

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error,
  );
}

const photo = async (index: number, name = `photo-${index}.jpg`) => ({
  name,
  blob: new Blob([new Uint8Array(await distinctJpeg(index))], { type: 'image/jpeg' }),
});

beforeAll(async () => {
  // Three files a request, so a survey of a few photos already takes several requests.
  t = await createTestApp({ WORKER_ENABLED: 'false', UPLOAD_MAX_FILES: '3' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  user = await signUp(t.app, t.config.mail.outboxDir);
  other = await signUp(t.app, t.config.mail.outboxDir);
  for (const someone of [user, other]) {
    keys.set(someone, (await createApiKey(t, someone, { name: 'Client', scopes: ['read', 'write'] })).secret);
  }
});
afterAll(() => t.close());

describe('the typed client', () => {
  it('calls routes by name with typed arguments and answers parsed by the contract', async () => {
    const client = clientOf(user);
    const created = await client.createProject({ body: { name: 'Typed', location: 'Antwerp' } });
    expect(created).toMatchObject({ name: 'Typed', location: 'Antwerp' });
    const listed = await client.listProjects();
    expect(listed.map((project) => project.id)).toContain(created.id);
    const viaCall = await client.call('getProject', { params: { id: created.id } });
    expect(viaCall.name).toBe('Typed');
    const organisation = await client.getOrganisation();
    expect(organisation.id).toBe(user.organisationId);
  });

  it('turns error answers into HullscopeApiError with status and the server’s message', async () => {
    const client = clientOf(user);
    const invalid = await caught(client.createProject({ body: { name: '', location: 'Antwerp' } }));
    expect(invalid).toBeInstanceOf(HullscopeApiError);
    expect((invalid as HullscopeApiError).status).toBe(400);
    expect((invalid as HullscopeApiError).fieldErrors).toEqual({ name: ['Please enter a name'] });
    expect((invalid as HullscopeApiError).message).toBe('name: Please enter a name');

    // Another organisation's project is not found, exactly like an unknown id.
    const theirs = await clientOf(other).createProject({ body: { name: 'Theirs', location: 'Ghent' } });
    const hidden = await caught(client.getProject({ params: { id: theirs.id } }));
    expect(hidden).toMatchObject({ name: 'HullscopeApiError', status: 404 });

    const badKey = createHullscopeClient({ baseUrl, apiKey: 'hsk_wrong' });
    expect(await caught(badKey.listProjects())).toMatchObject({ name: 'HullscopeApiError', status: 401 });

    const elsewhere = createHullscopeClient({ baseUrl, apiKey: keyOf(user), organisation: 2_000_000 });
    expect(await caught(elsewhere.listProjects())).toMatchObject({ status: 404 });
  });

  it('reports an unreachable server as HullscopeNetworkError naming the address', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const client = createHullscopeClient({ baseUrl: closed, apiKey: 'x' });
    const error = await caught(client.listProjects());
    expect(error).toBeInstanceOf(HullscopeNetworkError);
    expect((error as Error).message).toContain(`Could not reach ${closed}/api/projects/`);
  });

  it('waits out a 429 for its Retry-After and sends the request again', async () => {
    let limited = 0;
    const client = clientOf(user, {
      fetch: async (input, init) => {
        if (limited < 2) {
          limited += 1;
          return new Response(JSON.stringify({ detail: 'Too many requests' }), {
            status: 429,
            headers: { 'Retry-After': '0', 'Content-Type': 'application/json' },
          });
        }
        return fetch(input, init);
      },
    });
    expect(Array.isArray(await client.listProjects())).toBe(true);
    expect(limited).toBe(2);
  });

  it('downloads files as streams with the server’s file name', async () => {
    const client = clientOf(user);
    const project = await client.createProject({ body: { name: 'Download', location: 'Bremen' } });
    const stored = await client.uploadImages({ projectId: project.id, files: [await photo(1, 'keel.jpg')] });
    const file = await client.download('downloadImage', {
      params: { id: project.id, imageId: stored.data[0]!.id },
    });
    expect(file.filename).toMatch(/\.zip$/);
    const entries = await readZip(Buffer.from(await new Response(file.body).arrayBuffer()));
    const original = [...entries].find(([name]) => name.startsWith(`${stored.data[0]!.id}-keel`));
    expect(original?.[1]).toEqual(await distinctJpeg(1));
  });
});

describe('survey uploads', () => {
  let client: HullscopeClient;
  beforeAll(() => {
    client = clientOf(user);
  });

  it('sends in batches within the server’s limit, skips duplicates and refuses bad files by name', async () => {
    const project = await client.createProject({ body: { name: 'Survey', location: 'Kiel' } });
    const files = [
      await photo(1),
      await photo(2),
      { name: 'not-a-photo.jpg', blob: new Blob(['plain text, not a JPEG']) },
      await photo(3),
      { ...(await photo(1)), name: 'copy-of-photo-1.jpg' },
      await photo(4),
      { name: 'empty.jpg', blob: new Blob([]) },
      await photo(5),
    ];
    const progress: string[] = [];
    const requestSizes: number[] = [];
    const counting = clientOf(user, {
      fetch: (input, init) => {
        if (init?.body instanceof FormData) requestSizes.push(init.body.getAll('images').length);
        return fetch(input, init);
      },
    });
    const result = await counting.uploadSurvey(project.id, files, {
      hullZone: 'flat_bottom',
      onProgress: ({ phase }) => progress.push(phase),
    });
    expect(result.stoppedBy).toBeNull();
    expect(result.outcomes.map((outcome) => outcome.kind)).toEqual([
      'uploaded',
      'uploaded',
      'refused',
      'uploaded',
      'skipped',
      'uploaded',
      'refused',
      'uploaded',
    ]);
    expect(result.outcomes[4]).toEqual({ kind: 'skipped', reason: 'same content as photo-1.jpg' });
    expect(result.outcomes[2]).toMatchObject({ kind: 'refused' });
    expect(requestSizes.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...requestSizes)).toBeLessThanOrEqual(3);
    expect(result.outcomes[6]).toEqual({ kind: 'refused', reason: 'the file is empty' });
    expect(progress).toContain('checking');
    expect(progress).toContain('sending');

    const details = await client.listImageDetails({ params: { id: project.id } });
    expect(details.map((image) => image.image_name).sort()).toEqual(
      ['photo-1.jpg', 'photo-2.jpg', 'photo-3.jpg', 'photo-4.jpg', 'photo-5.jpg'].sort(),
    );
    expect(new Set(details.map((image) => image.hull_zone))).toEqual(new Set(['flat_bottom']));

    const again = await client.uploadSurvey(project.id, files.slice(0, 2));
    expect(again.outcomes).toEqual([
      { kind: 'skipped', reason: ALREADY_IN_PROJECT },
      { kind: 'skipped', reason: ALREADY_IN_PROJECT },
    ]);
  });

  it('after an answer lost on the way back, finds the batch stored and does not send it twice', async () => {
    let dropped = false;
    const flaky = clientOf(user, {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (!dropped && String(input).endsWith('/image-upload/')) {
          dropped = true;
          throw new TypeError('fetch failed');
        }
        return response;
      },
    });
    const project = await flaky.createProject({ body: { name: 'Flaky', location: 'Oslo' } });
    const files = [await photo(11), await photo(12)];
    const result = await flaky.uploadSurvey(project.id, files, { firstRetryWaitMs: 10 });
    expect(dropped).toBe(true);
    expect(result.outcomes.map((outcome) => outcome.kind)).toEqual(['uploaded', 'uploaded']);
    expect(await flaky.listImageHashes({ params: { id: project.id } })).toHaveLength(2);
  });

  it('stops with the server’s error when the project is not the organisation’s', async () => {
    const theirs = await clientOf(other).createProject({ body: { name: 'Not yours', location: 'Riga' } });
    const error = await caught(client.uploadSurvey(theirs.id, [await photo(21)]));
    expect(error).toMatchObject({ name: 'HullscopeApiError', status: 404 });
  });
});
