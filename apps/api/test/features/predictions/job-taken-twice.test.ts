import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, ledgerSum } from '../../../src/features/credits/ledger.js';
import { SessionCache } from '../../../src/inference/session-cache.js';
import { ledgerEntries, predictJobFor, scheduleFixtureRequest } from '../../support/predictions.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
});
afterAll(() => t.close());

describe('a request job worked by two workers at once', () => {
  // What happens when a job's lease runs out while its worker is still alive: a second worker takes
  // it and both work the same images. Each image must still be recorded, counted and charged once.
  it('records every image once, with no refund and a balanced ledger', async () => {
    const { user, requestId } = await scheduleFixtureRequest(t.app, t.config.mail.outboxDir, [
      'a',
      'b',
      'c',
      'd',
    ]);

    const { db } = t.app.database;
    const sessions = new SessionCache(1);
    const job = predictJobFor(t, sessions);
    const context = { signal: new AbortController().signal, attempt: 1 };
    await Promise.all([job.handle({ requestId }, context), job.handle({ requestId }, context)]);
    await sessions.close();

    const request = await db
      .selectFrom('prediction_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ status: 'DONE', images_done: 4, images_failed: 0, images_total: 4 });
    const predictions = await db
      .selectFrom('predictions')
      .select('image_id')
      .where('request_id', '=', requestId)
      .execute();
    expect(predictions).toHaveLength(4);
    const ledger = await ledgerEntries(db, user.organisationId);
    expect(ledger).toEqual([
      { kind: 'signup_bonus', amount: 50 },
      { kind: 'prediction', amount: -4 },
    ]);
    expect(await balanceOf(db, user.organisationId)).toBe(46);
    expect(await ledgerSum(db, user.organisationId)).toBe(46);
  });
});
