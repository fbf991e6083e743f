import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InsufficientCreditsError,
  balanceOf,
  creditAccount,
  debitAccount,
  ledgerSum,
} from '../../../src/features/credits/ledger.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app, t.config.mail.outboxDir);
});
afterAll(() => t.close());

describe('credits ledger', () => {
  it('starts at the 50-credit sign-up bonus, as one ledger row', async () => {
    const { db } = t.app.database;
    expect(await balanceOf(db, user.organisationId)).toBe(50);
    expect(await ledgerSum(db, user.organisationId)).toBe(50);
    const response = await t.app.inject({ method: 'GET', url: '/api/credits/', headers: user.headers });
    expect(response.json()).toEqual({ credits: 50 });
  });

  it('never overdraws under concurrent debits, and the balance equals the ledger sum', async () => {
    const { db } = t.app.database;
    const spender = await signUp(t.app, t.config.mail.outboxDir);
    // 50 credits; 20 concurrent debits of 7 can succeed at most 7 times (49 credits).
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        debitAccount(db, { organisationId: spender.organisationId, amount: 7, kind: 'prediction' }),
      ),
    );
    const succeeded = attempts.filter((attempt) => attempt.status === 'fulfilled').length;
    const refused = attempts.filter(
      (attempt) => attempt.status === 'rejected' && attempt.reason instanceof InsufficientCreditsError,
    ).length;
    expect(succeeded).toBe(7);
    expect(refused).toBe(13);
    expect(await balanceOf(db, spender.organisationId)).toBe(1);
    expect(await ledgerSum(db, spender.organisationId)).toBe(1);
  });

  it('refuses a debit larger than the balance and changes nothing', async () => {
    const { db } = t.app.database;
    const before = await balanceOf(db, user.organisationId);
    await expect(
      debitAccount(db, { organisationId: user.organisationId, amount: before + 1, kind: 'prediction' }),
    ).rejects.toEqual(new InsufficientCreditsError(before + 1, before));
    expect(await balanceOf(db, user.organisationId)).toBe(before);
    expect(await ledgerSum(db, user.organisationId)).toBe(before);
  });

  it('rejects amounts that are not positive whole credits', async () => {
    const { db } = t.app.database;
    await expect(
      creditAccount(db, { organisationId: user.organisationId, amount: 0, kind: 'admin_grant' }),
    ).rejects.toThrow(RangeError);
    await expect(
      debitAccount(db, { organisationId: user.organisationId, amount: 1.5, kind: 'prediction' }),
    ).rejects.toThrow(RangeError);
  });

  it('lists every row as a transaction with signed amounts', async () => {
    const { db } = t.app.database;
    await creditAccount(db, {
      organisationId: user.organisationId,
      amount: 25,
      kind: 'admin_grant',
      reason: 'goodwill',
    });
    await debitAccount(db, { organisationId: user.organisationId, amount: 3, kind: 'prediction' });
    const response = await t.app.inject({ method: 'GET', url: '/api/transactions/', headers: user.headers });
    expect(response.json()).toEqual([
      expect.objectContaining({ amount: 50, kind: 'signup_bonus', status: 'SETTLED' }),
      expect.objectContaining({ amount: 25, kind: 'admin_grant', reason: 'goodwill' }),
      expect.objectContaining({ amount: -3, kind: 'prediction' }),
    ]);
    expect(await balanceOf(db, user.organisationId)).toBe(72);
  });
});
