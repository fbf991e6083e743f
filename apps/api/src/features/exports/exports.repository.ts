import type { Kysely } from 'kysely';
import type { DB, DataExportRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/** A user's data exports; every read is scoped to the owner but the worker's, which has the id. */
export function exportsRepository(db: Kysely<DB>) {
  return {
    insertQueued(owner: number, requestedBy: number): Promise<DataExportRow> {
      return db
        .insertInto('data_exports')
        .values({ owner, requested_by: requestedBy, status: 'QUEUED', created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findOwned(owner: number, id: number): Promise<DataExportRow | undefined> {
      return db
        .selectFrom('data_exports')
        .selectAll()
        .where('owner', '=', owner)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    find(id: number): Promise<DataExportRow | undefined> {
      return db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The owner's export still being built, if any: one at a time per account. */
    findUnfinished(owner: number): Promise<DataExportRow | undefined> {
      return db
        .selectFrom('data_exports')
        .selectAll()
        .where('owner', '=', owner)
        .where('status', 'in', ['QUEUED', 'RUNNING'])
        .executeTakeFirst();
    },

    async countSince(owner: number, since: string): Promise<number> {
      const row = await db
        .selectFrom('data_exports')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner', '=', owner)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async markRunning(id: number, filesTotal: number): Promise<void> {
      await db
        .updateTable('data_exports')
        .set({ status: 'RUNNING', files_total: filesTotal, files_done: 0, error: null })
        .where('id', '=', id)
        .execute();
    },

    async recordProgress(id: number, filesDone: number): Promise<void> {
      await db.updateTable('data_exports').set({ files_done: filesDone }).where('id', '=', id).execute();
    },

    async markReady(
      id: number,
      ready: { sizeBytes: number; tokenHash: string; expiresAt: string },
    ): Promise<void> {
      await db
        .updateTable('data_exports')
        .set({
          status: 'READY',
          size_bytes: ready.sizeBytes,
          token_hash: ready.tokenHash,
          expires_at: ready.expiresAt,
          finished_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
    },

    async markFailed(id: number, error: string): Promise<void> {
      await db
        .updateTable('data_exports')
        .set({ status: 'FAILED', error, finished_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },

    /** Ready exports whose link has expired and whose file is still kept. */
    listExpired(now: string): Promise<Pick<DataExportRow, 'id' | 'owner'>[]> {
      return db
        .selectFrom('data_exports')
        .select(['id', 'owner'])
        .where('status', '=', 'READY')
        .where('token_hash', 'is not', null)
        .where('expires_at', '<', now)
        .execute();
    },

    /** The file is gone: the link can no longer work. */
    async forgetToken(id: number): Promise<void> {
      await db.updateTable('data_exports').set({ token_hash: null }).where('id', '=', id).execute();
    },
  };
}
