import { timingSafeEqual } from 'node:crypto';
import { type DataExport, routes } from '@hullscope/contract';
import { create as contentDisposition } from 'content-disposition';
import type { DataExportRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import type { ApiRegistrar } from '../../feature-context.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import { ApiError, notFound } from '../../http/api-error.js';
import { REPLY_SENT } from '../../http/router.js';
import { storageKeys } from '../../storage/storage-keys.js';
import { EXPORT_FILE, exportTokenHash } from './run-data-export.js';
import { exportsRepository } from './exports.repository.js';
import { startDataExport } from './start-data-export.js';

function toDataExport(row: DataExportRow): DataExport {
  return {
    id: row.id,
    status: row.status,
    progress: { done: row.files_done, total: row.files_total },
    size_bytes: row.size_bytes,
    created_at: row.created_at,
    expires_at: row.status === 'READY' ? row.expires_at : null,
    error: row.error,
  };
}

function sameToken(stored: string | null, token: string): boolean {
  if (!stored) return false;
  const given = Buffer.from(exportTokenHash(token), 'hex');
  return timingSafeEqual(Buffer.from(stored, 'hex'), given);
}

export const registerExportRoutes: ApiRegistrar = ({ router, db, storage, queue }) => {
  const exports = exportsRepository(db);

  router.add(routes.requestDataExport, async ({ user, organisation, request }) => {
    const row = await startDataExport(db, queue, organisation.id, user.id);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'data_export.request',
      target: { type: 'data_export', id: row.id },
    });
    return toDataExport(row);
  });

  router.add(routes.getDataExport, async ({ organisation, params }) => {
    const row = await exports.findOwned(organisation.id, params.exportId);
    if (!row) throw notFound();
    return toDataExport(row);
  });

  router.add(
    routes.downloadDataExport,
    async ({ params, query, reply }) => {
      const row = await exports.find(params.exportId);
      if (!row || row.status !== 'READY' || !sameToken(row.token_hash, query.token)) throw notFound();
      if (!row.expires_at || row.expires_at < nowIso()) {
        throw new ApiError(410, {
          detail: 'This export link has expired. Ask for a new export on the Account page.',
        });
      }
      const key = storageKeys.file(storageKeys.dataExport(row.owner, row.id), EXPORT_FILE);
      const date = row.created_at.slice(0, 10);
      await reply
        .header('content-disposition', contentDisposition(`hullscope-export-${date}.zip`))
        .header('content-length', String(row.size_bytes))
        .type('application/zip')
        .send(storage.createReadStream(key));
      return REPLY_SENT;
    },
    { compress: false },
  );
};
