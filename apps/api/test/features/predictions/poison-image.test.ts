import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, ledgerSum } from '../../../src/features/credits/ledger.js';
import { SessionCache } from '../../../src/inference/session-cache.js';
import { localStorage } from '../../../src/storage/local-storage.js';
import type { Storage } from '../../../src/storage/storage.js';
import { ledgerEntries, predictJobFor, scheduleFixtureRequest } from '../../support/predictions.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let sessions: SessionCache;
beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
  sessions = new SessionCache(1);
});
afterAll(async () => {
  await sessions.close();
  await t.close();
});

const never = new Promise<never>(() => undefined);

/**
 * One worker process's storage, as the handler sees it. Reading the image under `poisonPrefix` (the
 * model input its upload kept, or its original) brings the "process" down: from then on nothing it started gets any further (every storage call
 * hangs, as in a process that has died), and `crashed` resolves.
 */
function dyingStorage(poisonPrefix: string) {
  const real = localStorage(t.config.storageDir);
  let dead = false;
  let reportCrash!: () => void;
  const crashed = new Promise<'crashed'>((resolve) => (reportCrash = () => resolve('crashed')));
  const storage: Storage = new Proxy(real, {
    get(target, name, receiver) {
      const member = Reflect.get(target, name, receiver) as unknown;
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        const reading = name === 'withFile' || name === 'getBuffer';
        if (!dead && reading && String(args[0]).startsWith(`${poisonPrefix}/`)) {
          dead = true;
          reportCrash();
        }
        return dead ? never : (member as (...values: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { storage, crashed };
}

function requestRow(requestId: number) {
  return t.app.database.db
    .selectFrom('prediction_requests')
    .selectAll()
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
}

describe('an image that brings its worker down every time', () => {
  it('is refunded alone after 3 crashes; the rest of the batch is predicted and charged once', async () => {
    const names = ['a', 'poison', 'c', 'd', 'e'];
    const { user, requestId } = await scheduleFixtureRequest(t.app, t.config.mail.outboxDir, names);
    const { db } = t.app.database;
    const images = await db
      .selectFrom('images')
      .select(['id', 'name', 'storage_prefix'])
      .where('owner', '=', user.organisationId)
      .orderBy('id')
      .execute();
    const poison = images.find((image) => image.name === 'poison.png')!;

    // Each run is a new worker process taking the job again, as after a crash; the queue's
    // attempts play no part, the handler counts them itself.
    const outcomes: string[] = [];
    for (let run = 1; outcomes.at(-1) !== 'finished'; run += 1) {
      if (run > 8) throw new Error(`still crashing after ${run - 1} runs: ${outcomes.join(', ')}`);
      const { storage, crashed } = dyingStorage(poison.storage_prefix);
      const handled = predictJobFor(t, sessions, storage)
        .handle({ requestId }, { signal: new AbortController().signal, attempt: run })
        .then(() => 'finished' as const);
      outcomes.push(await Promise.race([handled, crashed]));
    }
    expect(outcomes).toEqual(['crashed', 'crashed', 'crashed', 'finished']);

    expect(await requestRow(requestId)).toMatchObject({
      status: 'DONE',
      images_done: names.length - 1,
      images_failed: 1,
    });
    const rows = await db
      .selectFrom('prediction_request_images')
      .select(['image_id', 'status', 'error'])
      .where('request_id', '=', requestId)
      .orderBy('position')
      .execute();
    expect(rows).toEqual(
      images.map((image) =>
        image.id === poison.id
          ? { image_id: image.id, status: 'FAILED', error: 'This image stopped the worker 3 times.' }
          : { image_id: image.id, status: 'DONE', error: null },
      ),
    );
    const predicted = await db
      .selectFrom('predictions')
      .select('image_id')
      .where('request_id', '=', requestId)
      .execute();
    expect(predicted.map((row) => row.image_id).sort()).toEqual(
      images.filter((image) => image !== poison).map((image) => image.id),
    );
    // One credit a photo at standard resolution: the poison image's alone comes back.
    expect(await ledgerEntries(db, user.organisationId)).toEqual([
      { kind: 'signup_bonus', amount: 50 },
      { kind: 'prediction', amount: -names.length },
      { kind: 'refund', amount: 1 },
    ]);
    expect(await balanceOf(db, user.organisationId)).toBe(50 - names.length + 1);
    expect(await ledgerSum(db, user.organisationId)).toBe(50 - names.length + 1);
  });

  it('refunds every image once 3 runs in a row settle none (a model that cannot load)', async () => {
    const { user, requestId } = await scheduleFixtureRequest(t.app, t.config.mail.outboxDir, ['a', 'b']);
    const broken = {
      get: () => Promise.reject(new Error('the model file is damaged')),
      close: async () => undefined,
    } as unknown as SessionCache;
    const job = predictJobFor(t, broken);
    for (let run = 1; run <= 3; run += 1) {
      await expect(
        job.handle({ requestId }, { signal: new AbortController().signal, attempt: run }),
      ).rejects.toThrow('the model file is damaged');
    }
    await job.handle({ requestId }, { signal: new AbortController().signal, attempt: 4 });
    expect(await requestRow(requestId)).toMatchObject({ status: 'FAILED', images_done: 0, images_failed: 2 });
    expect(await ledgerEntries(t.app.database.db, user.organisationId)).toEqual([
      { kind: 'signup_bonus', amount: 50 },
      { kind: 'prediction', amount: -2 },
      { kind: 'refund', amount: 1 },
      { kind: 'refund', amount: 1 },
    ]);
  });
});
