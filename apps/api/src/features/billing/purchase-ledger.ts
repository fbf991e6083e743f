import type { Kysely } from 'kysely';
import type { DB, LedgerRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { inTransaction } from '../../db/transaction.js';

/**
 * The ledger side of a purchase. Unlike creditAccount, which settles at once, a purchase row is
 * written PENDING (it does not count) and settled later by the payment, exactly once.
 */

export async function openPurchaseRow(
  db: Kysely<DB>,
  entry: { userId: number; credits: number; reason: string },
): Promise<LedgerRow> {
  return db
    .insertInto('credit_ledger')
    .values({
      user_id: entry.userId,
      kind: 'purchase',
      amount: entry.credits,
      status: 'PENDING',
      reason: entry.reason,
      prediction_request_id: null,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * PENDING → PAID and the credits onto the balance, in one transaction. The conditional update is the
 * lock: of concurrent callers (a redelivered webhook, a double-clicked Pay) exactly one sees the row
 * still PENDING; the others get false and change nothing. Credits go to the row's owner, never to a
 * caller, and nowhere once the account is deleted.
 */
export function settlePurchaseRow(db: Kysely<DB>, ledgerId: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('credit_ledger')
      .set({ status: 'PAID' })
      .where('id', '=', ledgerId)
      .where('kind', '=', 'purchase')
      .where('status', '=', 'PENDING')
      .returning(['user_id', 'amount'])
      .executeTakeFirst();
    if (!row) return false;
    if (row.user_id !== null) {
      await trx
        .updateTable('users')
        .set((eb) => ({ credits: eb('credits', '+', row.amount) }))
        .where('id', '=', row.user_id)
        .execute();
    }
    return true;
  });
}

/** PENDING → FAILED or EXPIRED; such rows never count. False when the purchase was already settled. */
export async function closePurchaseRow(
  db: Kysely<DB>,
  ledgerId: number,
  status: 'FAILED' | 'EXPIRED',
): Promise<boolean> {
  const result = await db
    .updateTable('credit_ledger')
    .set({ status })
    .where('id', '=', ledgerId)
    .where('kind', '=', 'purchase')
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
