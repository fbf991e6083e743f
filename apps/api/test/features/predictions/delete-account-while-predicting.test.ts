import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../../../src/inference/session-cache.js';
import { localStorage } from '../../../src/storage/local-storage.js';
import type { Storage } from '../../../src/storage/storage.js';
import { login } from '../../support/accounts.js';
import { predictJobFor, scheduleFixtureRequest } from '../../support/predictions.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
const sessions = new SessionCache(1);
beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
});
afterAll(async () => {
  await sessions.close();
  await t.close();
});

/** The test app's storage, with every write held until `release` is called. */
function heldStorage() {
  const real = localStorage(t.config.storageDir);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const writing = new Promise<void>((resolve) => (reached = resolve));
  const storage: Storage = {
    ...real,
    async putBuffer(key, data) {
      reached();
      await released;
      return real.putBuffer(key, data);
    },
  };
  return { storage, writing, release };
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

describe('deleting the account while a prediction request is unfinished', () => {
  it('is refused (409) and keeps the account; once the request is done it deletes and leaves no folder', async () => {
    const { user, requestId } = await scheduleFixtureRequest(t.app, t.config.mail.outboxDir, ['a', 'b']);
    const { db } = t.app.database;
    const deleteAccount = () =>
      t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: user.headers });
    const requestStatus = async () =>
      (
        await db
          .selectFrom('prediction_requests')
          .select('status')
          .where('id', '=', requestId)
          .executeTakeFirstOrThrow()
      ).status;

    // Queued, not yet picked up.
    expect((await deleteAccount()).statusCode).toBe(409);

    // Running: the worker has predicted an image and is writing its results.
    const held = heldStorage();
    const running = predictJobFor(t, sessions, held.storage).handle(
      { requestId },
      { signal: new AbortController().signal, attempt: 1 },
    );
    await held.writing;
    expect(await requestStatus()).toBe('RUNNING');
    const refused = await deleteAccount();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'A prediction is running in your account. Delete it once the prediction has finished.',
    });
    const read = await t.app.inject({ method: 'GET', url: '/api/user/', headers: user.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: user.userId, email: user.registration.email });

    held.release();
    await running;
    expect(await requestStatus()).toBe('DONE');
    const userFolder = path.join(t.config.storageDir, 'users', String(user.organisationId));
    expect(await exists(userFolder)).toBe(true);

    expect((await deleteAccount()).statusCode).toBe(200);
    expect(await db.selectFrom('users').select('id').where('id', '=', user.userId).execute()).toEqual([]);
    expect(await exists(userFolder)).toBe(false);
    expect((await login(t.app, user.registration.username, user.registration.password)).statusCode).toBe(401);
  });
});
