import type { Kysely } from 'kysely';
import type { DB, LedgerKind, LedgerRow, LedgerStatus } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { inTransaction } from '../../db/transaction.js';

export interface LedgerEntry {
  userId: number;
  /** Credits, always positive here; the direction comes from the function. */
  amount: number;
  kind: LedgerKind;
  reason?: string | null;
  predictionRequestId?: number | null;
}

/** Statuses whose amounts count towards the balance; PENDING, FAILED and EXPIRED never do. */
export const SETTLED_STATUSES: LedgerStatus[] = ['SETTLED', 'PAID'];

export class InsufficientCreditsError extends Error {
  constructor(
    readonly required: number,
    readonly available: number,
  ) {
    super(`Not enough credits: ${required} needed, ${available} available.`);
    this.name = 'InsufficientCreditsError';
  }
}

function assertPositive(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new RangeError(`Ledger amounts are positive integers, got ${amount}`);
}

async function insertRow(trx: Kysely<DB>, entry: LedgerEntry, signedAmount: number, status: LedgerStatus) {
  return trx
    .insertInto('credit_ledger')
    .values({
      user_id: entry.userId,
      kind: entry.kind,
      amount: signedAmount,
      status,
      reason: entry.reason ?? null,
      prediction_request_id: entry.predictionRequestId ?? null,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Adds credits: a settled ledger row and the balance move together, or neither does. */
export async function creditAccount(db: Kysely<DB>, entry: LedgerEntry): Promise<LedgerRow> {
  assertPositive(entry.amount);
  return inTransaction(db, async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => ({ credits: eb('credits', '+', entry.amount) }))
      .where('id', '=', entry.userId)
      .executeTakeFirstOrThrow();
    return insertRow(trx, entry, entry.amount, 'SETTLED');
  });
}

/**
 * Spends credits. The guarded update (`credits >= amount`) is atomic on both databases, so
 * concurrent debits can never overdraw; throws InsufficientCreditsError and changes nothing if short.
 */
export async function debitAccount(db: Kysely<DB>, entry: LedgerEntry): Promise<LedgerRow> {
  assertPositive(entry.amount);
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set((eb) => ({ credits: eb('credits', '-', entry.amount) }))
      .where('id', '=', entry.userId)
      .where('credits', '>=', entry.amount)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) {
      throw new InsufficientCreditsError(entry.amount, await balanceOf(trx, entry.userId));
    }
    return insertRow(trx, entry, -entry.amount, 'SETTLED');
  });
}

export async function balanceOf(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirst();
  return row?.credits ?? 0;
}

/** The sum of the user's settled rows: what the cached balance must always equal. */
export async function ledgerSum(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('status', 'in', SETTLED_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function ledgerRowsOf(db: Kysely<DB>, userId: number): Promise<LedgerRow[]> {
  return db.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}
