import path from 'node:path';
import { routes } from '@hullscope/contract';
import type { Kysely } from 'kysely';
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
import { gaDrawingsService, noGaDrawing } from './ga-drawings.service.js';

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
    if (!row) throw noGaDrawing();
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
      replaced = await gaDrawingsService(db).put(row);
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
    if (!row) throw noGaDrawing();
    // A replaced drawing gets a new key, so the tag changes with it; the browser asks again each time.
    reply.header('cache-control', 'private, no-cache');
    if (notModified(request, reply, weakETag(IMAGE_ETAG_VERSION, [row.storage_key]))) return REPLY_SENT;
    const data = await storage.getBuffer(row.storage_key);
    await reply.type(row.content_type).send(data);
    return REPLY_SENT;
  });

  router.add(routes.updateVesselGaDrawingZones, async ({ organisation, params, body }) => {
    await vesselOr404(db, organisation.id, params.id);
    await gaDrawingsService(db).replaceZones(organisation.id, params.id, body.zones);
    return answer(organisation.id, params.id);
  });

  router.add(routes.deleteVesselGaDrawing, async ({ organisation, params, request }) => {
    const vessel = await vesselOr404(db, organisation.id, params.id);
    const row = await gaDrawingsService(db).remove(organisation.id, vessel.id);
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
