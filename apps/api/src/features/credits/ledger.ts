import type { Kysely } from 'kysely';
import type { DB, LedgerKind, LedgerRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { creditsRepository } from './credits.repository.js';
import { emitCreditsLow } from '../webhooks/emit-webhook-event.js';

export interface LedgerEntry {
  /** The wallet. */
  organisationId: number;
  /** The member who acted; null (the default) for the system's own rows. */
  actorId?: number | null;
  /** Credits, always positive here; the direction comes from the function. */
  amount: number;
  kind: LedgerKind;
  reason?: string | null;
  predictionRequestId?: number | null;
}

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

function settledRow(entry: LedgerEntry, signedAmount: number) {
  return {
    organisationId: entry.organisationId,
    actorId: entry.actorId ?? null,
    kind: entry.kind,
    amount: signedAmount,
    status: 'SETTLED' as const,
    reason: entry.reason ?? null,
    predictionRequestId: entry.predictionRequestId ?? null,
  };
}

/** Adds credits: a settled ledger row and the balance move together, or neither does. */
export async function creditAccount(db: Kysely<DB>, entry: LedgerEntry): Promise<LedgerRow> {
  assertPositive(entry.amount);
  return inTransaction(db, async (trx) => {
    const credits = creditsRepository(trx);
    await credits.addToBalance(entry.organisationId, entry.amount);
    return credits.insertRow(settledRow(entry, entry.amount));
  });
}

/**
 * Spends credits. The guarded update (`credits >= amount`) is atomic on both databases, so
 * concurrent debits can never overdraw; throws InsufficientCreditsError and changes nothing if short.
 */
export async function debitAccount(db: Kysely<DB>, entry: LedgerEntry): Promise<LedgerRow> {
  assertPositive(entry.amount);
  return inTransaction(db, async (trx) => {
    const credits = creditsRepository(trx);
    if (!(await credits.takeFromBalance(entry.organisationId, entry.amount))) {
      throw new InsufficientCreditsError(entry.amount, await credits.balanceOf(entry.organisationId));
    }
    const row = await credits.insertRow(settledRow(entry, -entry.amount));
    const after = await credits.balanceOf(entry.organisationId);
    await emitCreditsLow(trx, entry.organisationId, after + entry.amount, after);
    return row;
  });
}

export async function balanceOf(db: Kysely<DB>, organisationId: number): Promise<number> {
  return creditsRepository(db).balanceOf(organisationId);
}

/** The sum of the organisation's settled rows: what the cached balance must always equal. */
export async function ledgerSum(db: Kysely<DB>, organisationId: number): Promise<number> {
  return creditsRepository(db).settledSum(organisationId);
}
