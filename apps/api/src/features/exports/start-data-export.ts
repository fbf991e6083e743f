import type { Kysely } from 'kysely';
import { lockKeys } from '../../db/key-lock.js';
import type { DataExportRow, DB } from '../../db/schema.js';
import { conflict, tooManyRequests } from '../../http/api-error.js';
import type { AppJobQueue } from '../../job-catalog.js';
import { exportsRepository } from './exports.repository.js';

/** Exports one account may start a day: each is a full copy of its data. */
const EXPORTS_PER_DAY = 3;

/**
 * Records a new export of the owner's data and enqueues its job, together: 409 while another is
 * queued or running, 429 after three a day. Checked and inserted under the owner's lock, so two
 * requests sent together cannot both start one.
 */
export function startDataExport(
  db: Kysely<DB>,
  queue: AppJobQueue,
  owner: number,
  requestedBy: number,
): Promise<DataExportRow> {
  return db.transaction().execute(async (trx) => {
    await lockKeys(trx, [`data-export:${owner}`]);
    const exports = exportsRepository(trx);
    if (await exports.findUnfinished(owner)) {
      throw conflict(
        'An export is already being prepared: you will receive its link by e-mail when it is ready.',
      );
    }
    const since = new Date(Date.now() - 86_400_000).toISOString();
    if ((await exports.countSince(owner, since)) >= EXPORTS_PER_DAY) {
      throw tooManyRequests(`At most ${EXPORTS_PER_DAY} exports a day: try again tomorrow.`, 3600);
    }
    const row = await exports.insertQueued(owner, requestedBy);
    await queue.enqueue(trx, 'data-export', { exportId: row.id });
    return row;
  });
}
