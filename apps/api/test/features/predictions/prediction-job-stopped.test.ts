import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../../../src/inference/session-cache.js';
import { JobInterruptedError } from '../../../src/jobs/job-queue.js';
import { ledgerEntries, predictJobFor, scheduleFixtureRequest } from '../../support/predictions.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
const realSessions = new SessionCache(1, 1);
beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
});
afterAll(async () => {
  await realSessions.close();
  await t.close();
});

describe('a prediction job stopped (SIGTERM) while two images are in flight', () => {
  it('finishes those two, requeues the rest untouched, and a later run completes it: charged once, nothing refunded', async () => {
    const { user, requestId } = await scheduleFixtureRequest(t.app, t.config.mail.outboxDir, [
      'a',
      'b',
      'c',
      'd',
    ]);

    // The real model, with the stop arriving as the first tile reaches it: both in-flight images
    // have started by then (two at once), the other two have not.
    let stopping: AbortController | undefined;
    const sessions = {
      get: async (...args: Parameters<SessionCache['get']>) => {
        const session = await realSessions.get(...args);
        return {
          parallelRuns: session.parallelRuns,
          run: (...runArgs: Parameters<typeof session.run>) => {
            stopping?.abort();
            return session.run(...runArgs);
          },
        };
      },
      close: async () => undefined,
    } as unknown as SessionCache;
    const { db } = t.app.database;
    const job = predictJobFor(t, sessions);
    const imageStatuses = async () =>
      (
        await db
          .selectFrom('prediction_request_images')
          .select('status')
          .where('request_id', '=', requestId)
          .orderBy('position')
          .execute()
      ).map((image) => image.status);
    const predictionCount = async () =>
      (
        await db
          .selectFrom('predictions')
          .select(db.fn.countAll<number>().as('count'))
          .where('owner', '=', user.organisationId)
          .executeTakeFirstOrThrow()
      ).count;
    const ledger = () => ledgerEntries(db, user.organisationId);
    const charged = [
      { kind: 'signup_bonus', amount: 50 },
      { kind: 'prediction', amount: -4 },
    ];

    stopping = new AbortController();
    await expect(job.handle({ requestId }, { signal: stopping.signal, attempt: 1 })).rejects.toBeInstanceOf(
      JobInterruptedError,
    );
    expect(await imageStatuses()).toEqual(['DONE', 'DONE', 'PENDING', 'PENDING']);
    expect(Number(await predictionCount())).toBe(2);
    expect(await ledger()).toEqual(charged);

    // The restarted job runs only what is still pending.
    stopping = undefined;
    await job.handle({ requestId }, { signal: new AbortController().signal, attempt: 1 });
    expect(await imageStatuses()).toEqual(['DONE', 'DONE', 'DONE', 'DONE']);
    expect(Number(await predictionCount())).toBe(4);
    const request = await db
      .selectFrom('prediction_requests')
      .select(['status', 'images_done', 'images_failed'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(request).toEqual({ status: 'DONE', images_done: 4, images_failed: 0 });
    expect(await ledger()).toEqual(charged);
  });
});
