import type { Kysely } from 'kysely';
import type { DB, LedgerRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { creditsRepository } from '../credits/credits.repository.js';
import { type PurchaseEntry, billingRepository } from './billing.repository.js';

/**
 * The ledger side of a purchase. Unlike creditAccount, which settles at once, a purchase row is
 * written PENDING (it does not count) and settled later by the payment, exactly once.
 */

export async function openPurchaseRow(db: Kysely<DB>, entry: PurchaseEntry): Promise<LedgerRow> {
  return billingRepository(db).insertPendingPurchase(entry);
}

/**
 * PENDING → PAID and the credits onto the balance, in one transaction. The conditional update is the
 * lock: of concurrent callers (a redelivered webhook, a double-clicked Pay) exactly one sees the row
 * still PENDING; the others get false and change nothing. Credits go to the row's wallet, never to a
 * caller, and nowhere once the organisation is deleted.
 */
export function settlePurchaseRow(db: Kysely<DB>, ledgerId: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await billingRepository(trx).markPurchasePaid(ledgerId);
    if (!row) return false;
    if (row.organisation_id !== null) {
      await creditsRepository(trx).addToBalance(row.organisation_id, row.amount);
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
  return billingRepository(db).closePendingPurchase(ledgerId, status);
}
