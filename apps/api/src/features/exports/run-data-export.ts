import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DATA_EXPORT_LINK_HOURS } from '@hullscope/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { isoInSeconds, nowIso } from '../../db/time.js';
import type { Mailer } from '../../mail/mailer.js';
import { dataExportReadyMail } from '../../mail/templates.js';
import type { Storage } from '../../storage/storage.js';
import type { JobHandler } from '../../jobs/job-queue.js';
import { storageKeys } from '../../storage/storage-keys.js';
import type { DataExportPayload } from './data-export.job.js';
import { writeExportZip } from './export-archive.js';
import { exportContents } from './export-contents.js';
import { exportRowsRepository } from './export-rows.repository.js';
import { exportsRepository } from './exports.repository.js';

/** The export's file in its storage folder. */
export const EXPORT_FILE = 'hullscope-export.zip';
/** Progress is written at most this often: a row update per file would cost more than the file. */
const PROGRESS_EVERY_MS = 1000;
const DRAFT_PREFIX = 'export-draft-';

/** Whether a file in the temporary folder is an export being written (one a crash may leave). */
export function isExportDraft(fileName: string): boolean {
  return fileName.startsWith(DRAFT_PREFIX);
}

export function exportTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface ExportDependencies {
  db: Kysely<DB>;
  storage: Storage;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

/** Removes the files of exports whose link has expired; the rows stay as a record. */
export async function removeExpiredExports({
  db,
  storage,
}: Pick<ExportDependencies, 'db' | 'storage'>): Promise<void> {
  const exports = exportsRepository(db);
  for (const expired of await exports.listExpired(nowIso())) {
    await storage.deletePrefix(storageKeys.dataExport(expired.owner, expired.id));
    await exports.forgetToken(expired.id);
  }
}

/**
 * The 'data-export' job: writes the owner's ZIP into the temporary folder, moves it into storage,
 * and e-mails a link that works for 24 hours. A failed attempt, or a worker that died midway, leaves
 * the job to be taken again, which starts the ZIP anew; when the attempts are spent the export is
 * FAILED with the last error.
 */
export function dataExportHandler(deps: ExportDependencies): JobHandler<DataExportPayload> {
  const { db, storage, mailer, config, log } = deps;
  const exports = exportsRepository(db);
  return {
    async handle({ exportId }, { signal }) {
      const row = await exports.find(exportId);
      if (!row || row.status === 'READY' || row.status === 'FAILED') return;
      const draft = path.join(config.uploads.tempDir, `${DRAFT_PREFIX}${exportId}-${randomUUID()}.zip`);
      try {
        const entries = await exportContents(db, row.owner, row.requested_by, config);
        await exports.markRunning(exportId, entries.length);
        let reported = Date.now();
        await writeExportZip(draft, entries, storage, async (written) => {
          signal.throwIfAborted();
          if (Date.now() - reported < PROGRESS_EVERY_MS && written < entries.length) return;
          reported = Date.now();
          await exports.recordProgress(exportId, written);
        });
        const { size } = await stat(draft);
        const folder = storageKeys.dataExport(row.owner, exportId);
        await storage.putFile(storageKeys.file(folder, EXPORT_FILE), draft);
        const token = randomBytes(32).toString('base64url');
        await exports.markReady(exportId, {
          sizeBytes: size,
          tokenHash: exportTokenHash(token),
          expiresAt: isoInSeconds(DATA_EXPORT_LINK_HOURS * 3600),
        });
        const requester =
          row.requested_by === null ? undefined : await exportRowsRepository(db).account(row.requested_by);
        if (requester) {
          const link = `${config.appUrl}/api/user/export/${exportId}/download/?token=${token}`;
          await mailer.send(
            dataExportReadyMail(requester.email, requester.first_name, link, DATA_EXPORT_LINK_HOURS),
          );
        }
        log.info({ exportId, owner: row.owner, files: entries.length, bytes: size }, 'data export ready');
      } finally {
        await rm(draft, { force: true });
        await removeExpiredExports(deps).catch((error: unknown) =>
          log.warn({ err: error }, 'expired exports not removed'),
        );
      }
    },

    async onGiveUp({ exportId }, error) {
      log.error({ err: error, exportId }, 'data export failed');
      await exports.markFailed(exportId, error instanceof Error ? error.message : String(error));
    },
  };
}
