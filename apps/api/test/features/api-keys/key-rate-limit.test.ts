import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../src/db/database.js';
import { keyRateLimit } from '../../../src/features/api-keys/key-rate-limit.js';
import { createApiKey } from '../../support/api-keys.js';
import { signUp } from '../../support/accounts.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let database: Database;
let keyIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  const user = await signUp(t.app, t.config.mail.outboxDir);
  keyIds = [];
  for (const name of ['One', 'Two', 'Three']) {
    keyIds.push((await createApiKey(t, user, { name, scopes: ['read'] })).id);
  }
  database = openDatabase(t.config.database);
}, 60_000);
afterAll(async () => {
  await database.destroy();
  await t.close();
});

describe('the per-key rate limit, counted in the database', () => {
  it('allows the limit per minute, says how long to wait, and opens again after the minute', async () => {
    let now = Date.parse('2026-12-07T10:00:00.000Z');
    const limit = keyRateLimit(database.db, 3, () => now);
    const [first, second] = keyIds;
    expect([await limit.take(first!), await limit.take(first!), await limit.take(first!)]).toEqual([
      null,
      null,
      null,
    ]);
    now += 15_000;
    expect(await limit.take(first!)).toBe(45);
    expect(await limit.take(second!)).toBeNull();
    now += 44_500;
    expect(await limit.take(first!)).toBe(1);
    now += 500;
    expect(await limit.take(first!)).toBeNull();
    // The new window began with that request: two more, then refused until it ends.
    expect([await limit.take(first!), await limit.take(first!)]).toEqual([null, null]);
    now += 10_000;
    expect(await limit.take(first!)).toBe(50);
  });

  it('refuses a key it refused again from memory until the window ends, without asking the database', async () => {
    let now = Date.parse('2026-12-07T12:00:00.000Z');
    const limit = keyRateLimit(database.db, 1, () => now);
    const key = keyIds[1]!;
    expect(await limit.take(key)).toBeNull();
    expect(await limit.take(key)).toBe(60);
    // Were it asked, the database would let the next request through.
    await database.db
      .updateTable('api_key_rate_windows')
      .set({ requests: 0 })
      .where('key_id', '=', key)
      .execute();
    now += 30_000;
    expect(await limit.take(key)).toBe(30);
    now += 30_000;
    expect(await limit.take(key)).toBeNull();
  });

  it('lets exactly the limit through of requests sent together, however many processes count them', async () => {
    const now = () => Date.parse('2026-12-07T11:00:00.000Z');
    // Two limiters on two connections: two API processes sharing the database.
    const other = openDatabase(t.config.database);
    try {
      const limits = [keyRateLimit(database.db, 4, now), keyRateLimit(other.db, 4, now)];
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) => limits[index % 2]!.take(keyIds[2]!)),
      );
      expect(answers.filter((wait) => wait === null)).toHaveLength(4);
      expect(answers.filter((wait) => wait === 60)).toHaveLength(8);
    } finally {
      await other.destroy();
    }
  });
});
