import type { Kysely } from 'kysely';
import type { DB, LedgerKind, LedgerRow, LedgerStatus } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/** Statuses whose amounts count towards the balance; PENDING, FAILED and EXPIRED never do. */
const SETTLED_STATUSES: LedgerStatus[] = ['SETTLED', 'PAID'];

export interface NewLedgerRow {
  /** The wallet. */
  organisationId: number;
  /** The member who acted; null for what the system does by itself (a refund, a grant). */
  actorId: number | null;
  kind: LedgerKind;
  /** Signed: positive adds to the balance, negative takes from it. */
  amount: number;
  status: LedgerStatus;
  reason: string | null;
  predictionRequestId: number | null;
}

/**
 * All SQL on `credit_ledger` and the cached balance in `organisations.credits`. Callers pass the transaction
 * a balance change and its row share; the row locks and guards are in the statements themselves.
 */
export function creditsRepository(db: Kysely<DB>) {
  return {
    insertRow(row: NewLedgerRow): Promise<LedgerRow> {
      return db
        .insertInto('credit_ledger')
        .values({
          organisation_id: row.organisationId,
          user_id: row.actorId,
          kind: row.kind,
          amount: row.amount,
          status: row.status,
          reason: row.reason,
          prediction_request_id: row.predictionRequestId,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async addToBalance(organisationId: number, amount: number): Promise<void> {
      await db
        .updateTable('organisations')
        .set((eb) => ({ credits: eb('credits', '+', amount) }))
        .where('id', '=', organisationId)
        .executeTakeFirstOrThrow();
    },

    /**
     * The guarded debit (`credits >= amount`), atomic on both databases so concurrent debits never
     * overdraw. False, changing nothing, when the balance is short.
     */
    async takeFromBalance(organisationId: number, amount: number): Promise<boolean> {
      const updated = await db
        .updateTable('organisations')
        .set((eb) => ({ credits: eb('credits', '-', amount) }))
        .where('id', '=', organisationId)
        .where('credits', '>=', amount)
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    },

    /** The cached balance; 0 for an organisation that does not exist. */
    async balanceOf(organisationId: number): Promise<number> {
      const row = await db
        .selectFrom('organisations')
        .select('credits')
        .where('id', '=', organisationId)
        .executeTakeFirst();
      return row?.credits ?? 0;
    },

    /** The cached balance of an organisation that must exist: throws Kysely's NoResultError otherwise. */
    async balanceOfExisting(organisationId: number): Promise<number> {
      const row = await db
        .selectFrom('organisations')
        .select('credits')
        .where('id', '=', organisationId)
        .executeTakeFirstOrThrow();
      return row.credits;
    },

    /** The sum of the organisation's settled rows: what the cached balance must always equal. */
    async settledSum(organisationId: number): Promise<number> {
      const row = await db
        .selectFrom('credit_ledger')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
        .where('organisation_id', '=', organisationId)
        .where('status', 'in', SETTLED_STATUSES)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** The wallet's rows with the acting member's username (null for the system's own rows). */
    rowsOf(organisationId: number) {
      return db
        .selectFrom('credit_ledger')
        .leftJoin('users', 'users.id', 'credit_ledger.user_id')
        .selectAll('credit_ledger')
        .select('users.username as actor')
        .where('credit_ledger.organisation_id', '=', organisationId)
        .orderBy('credit_ledger.id')
        .execute();
    },

    /** Removes a deleted organisation's rows; purchases stay as billing records (spec §9 retention). */
    async deleteAllButPurchasesOf(organisationId: number): Promise<void> {
      await db
        .deleteFrom('credit_ledger')
        .where('organisation_id', '=', organisationId)
        .where('kind', '!=', 'purchase')
        .execute();
    },

    /** The prediction requests behind ledger rows, with their project's and resolution's names. */
    requestsBehindRows(requestIds: number[]) {
      return db
        .selectFrom('prediction_requests')
        .innerJoin('projects', 'projects.id', 'prediction_requests.project_id')
        .innerJoin('resolutions', 'resolutions.id', 'prediction_requests.resolution_id')
        .select([
          'prediction_requests.id',
          'prediction_requests.status',
          'projects.name as project',
          'resolutions.display_name as resolution',
        ])
        .where('prediction_requests.id', 'in', requestIds)
        .execute();
    },

    /** The images of those requests, each request's in the order they were requested. */
    imagesOfRequests(requestIds: number[]) {
      return db
        .selectFrom('prediction_request_images')
        .select(['request_id', 'image_id'])
        .where('request_id', 'in', requestIds)
        .orderBy('position')
        .execute();
    },
  };
}
