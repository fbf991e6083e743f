import path from 'node:path';
import { routes } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import { lockRow } from '../../db/row-lock.js';
import type { DB } from '../../db/schema.js';
import type { ApiRegistrar } from '../../feature-context.js';
import { fieldErrors, notFound } from '../../http/api-error.js';
import { notModified, weakETag } from '../../http/etag.js';
import { REPLY_SENT } from '../../http/router.js';
import { storageKeys } from '../../storage/storage-keys.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import { personName } from '../mask-versions/person-name.js';
import { vesselsRepository } from '../vessels/vessels.repository.js';
import { GaDrawingRejected, checkGaDrawing } from './check-ga-drawing.js';
import { type GaDrawingRow, gaDrawingsRepository, toGaDrawing } from './ga-drawing.repository.js';
import { receiveGaDrawing } from './receive-ga-drawing.js';
import { requireZonesInside } from './zones-inside.js';

const IMAGE_ETAG_VERSION = 'ga-drawing-1';

async function vesselOr404(db: Kysely<DB>, owner: number, vesselId: number) {
  const vessel = await vesselsRepository(db).findOwned(owner, vesselId);
  if (!vessel) throw notFound();
  return vessel;
}

/**
 * Issue 40 §1's alternative: the vessel's own GA drawing as its hull plan, with a rectangle per zone.
 * The file is written before its row and removed if the row cannot be, so nothing is stored half.
 */
export const registerGaDrawingRoutes: ApiRegistrar = ({ router, db, storage }) => {
  async function answer(owner: number, vesselId: number) {
    const drawings = gaDrawingsRepository(db);
    const row = await drawings.find(owner, vesselId);
    if (!row) throw notFound('This vessel has no GA drawing.');
    return toGaDrawing(row, await drawings.zones(vesselId));
  }

  router.add(routes.vesselGaDrawing, async ({ organisation, params }) => {
    await vesselOr404(db, organisation.id, params.id);
    return answer(organisation.id, params.id);
  });

  router.add(routes.uploadVesselGaDrawing, async ({ organisation, user, params, request }) => {
    const vessel = await vesselOr404(db, organisation.id, params.id);
    const drawing = await checkGaDrawing(await receiveGaDrawing(request)).catch((error: unknown) => {
      if (error instanceof GaDrawingRejected) throw fieldErrors({ drawing: [error.message] });
      throw error;
    });
    const extension = drawing.contentType === 'image/png' ? 'png' : 'jpg';
    const key = storageKeys.file(
      storageKeys.newVesselGaDrawing(organisation.id, vessel.id),
      `drawing.${extension}`,
    );
    await storage.putBuffer(key, drawing.data);
    const row: GaDrawingRow = {
      vessel_id: vessel.id,
      owner: organisation.id,
      storage_key: key,
      content_type: drawing.contentType,
      width: drawing.width,
      height: drawing.height,
      size_bytes: drawing.data.length,
      uploaded_by: user.id,
      uploaded_by_name: await personName(db, user.id),
      uploaded_at: new Date().toISOString(),
    };
    let replaced: GaDrawingRow | undefined;
    try {
      await db.transaction().execute(async (trx) => {
        // Under the vessel's lock, so two uploads at once each remove the file the other replaced.
        await lockRow(trx, 'vessels', vessel.id);
        // The vessel may have been deleted while the file was read: then it is not found, as before.
        await vesselOr404(trx, organisation.id, vessel.id);
        const drawings = gaDrawingsRepository(trx);
        replaced = await drawings.find(organisation.id, vessel.id);
        await drawings.put(row);
      });
    } catch (error) {
      await storage.deletePrefix(path.posix.dirname(key));
      throw error;
    }
    if (replaced) await storage.deletePrefix(path.posix.dirname(replaced.storage_key));
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'ga_drawing.upload',
      target: { type: 'vessel', id: vessel.id, label: vessel.name },
      detail: { width: row.width, height: row.height, size_bytes: row.size_bytes },
    });
    return answer(organisation.id, vessel.id);
  });

  router.add(routes.vesselGaDrawingImage, async ({ organisation, params, request, reply }) => {
    await vesselOr404(db, organisation.id, params.id);
    const row = await gaDrawingsRepository(db).find(organisation.id, params.id);
    if (!row) throw notFound('This vessel has no GA drawing.');
    // A replaced drawing gets a new key, so the tag changes with it; the browser asks again each time.
    reply.header('cache-control', 'private, no-cache');
    if (notModified(request, reply, weakETag(IMAGE_ETAG_VERSION, [row.storage_key]))) return REPLY_SENT;
    const data = await storage.getBuffer(row.storage_key);
    await reply.type(row.content_type).send(data);
    return REPLY_SENT;
  });

  router.add(routes.updateVesselGaDrawingZones, async ({ organisation, params, body }) => {
    await vesselOr404(db, organisation.id, params.id);
    await db.transaction().execute(async (trx) => {
      const drawings = gaDrawingsRepository(trx);
      const row = await drawings.find(organisation.id, params.id);
      if (!row) throw notFound('This vessel has no GA drawing.');
      requireZonesInside(body.zones, row.width, row.height);
      await drawings.replaceZones(row.vessel_id, body.zones);
    });
    return answer(organisation.id, params.id);
  });

  router.add(routes.deleteVesselGaDrawing, async ({ organisation, params, request }) => {
    const vessel = await vesselOr404(db, organisation.id, params.id);
    const row = await db.transaction().execute(async (trx) => {
      // Under the vessel's lock: an upload at the same time never loses its file to this delete.
      await lockRow(trx, 'vessels', vessel.id);
      const drawings = gaDrawingsRepository(trx);
      const current = await drawings.find(organisation.id, vessel.id);
      if (!current) throw notFound('This vessel has no GA drawing.');
      await drawings.remove(organisation.id, vessel.id);
      return current;
    });
    await storage.deletePrefix(path.posix.dirname(row.storage_key));
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'ga_drawing.delete',
      target: { type: 'vessel', id: vessel.id, label: vessel.name },
    });
    return { message: 'GA drawing removed' };
  });
};
