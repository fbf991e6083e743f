import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InferenceThreadError } from '../../../src/inference/inference-thread.js';
import type { SessionCache } from '../../../src/inference/session-cache.js';
import { ledgerEntries, predictJobFor, scheduleFixtureRequest } from '../../support/predictions.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
});
afterAll(() => t.close());

describe('a prediction job whose inference thread goes away', () => {
  it('fails the job for a retry and refunds nothing, the images staying PENDING', async () => {
    const { user, requestId } = await scheduleFixtureRequest(t.app, t.config.mail.outboxDir, ['a', 'b']);

    // Fault injection: sessions whose thread has died, as InferenceThread reports it.
    const lost = new InferenceThreadError('the inference thread exited (code 1)');
    const sessions = {
      get: async () => ({ parallelRuns: 1, run: () => Promise.reject(lost) }),
      close: async () => undefined,
    } as unknown as SessionCache;
    const { db } = t.app.database;
    const job = predictJobFor(t, sessions);
    await expect(
      job.handle({ requestId }, { signal: new AbortController().signal, attempt: 1 }),
    ).rejects.toBe(lost);

    const images = await db
      .selectFrom('prediction_request_images')
      .select('status')
      .where('request_id', '=', requestId)
      .execute();
    expect(images.map((image) => image.status)).toEqual(['PENDING', 'PENDING']);
    const ledger = await ledgerEntries(db, user.organisationId);
    expect(ledger).toEqual([
      { kind: 'signup_bonus', amount: 50 },
      { kind: 'prediction', amount: -2 },
    ]);
  });
});
