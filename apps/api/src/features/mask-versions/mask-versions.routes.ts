import type {} from '@fastify/multipart';
import { MASK_UPLOAD_FIELD, type MaskVersion, maskVersionMessages, routes } from '@hullscope/contract';
import type { FastifyRequest } from 'fastify';
import type { ApiRegistrar } from '../../feature-context.js';
import { fieldErrors, notFound } from '../../http/api-error.js';
import { boundaryProblem } from '../images/multipart-boundary.js';
import { REPLY_SENT } from '../../http/router.js';
import { predictionFiles, storageKeys } from '../../storage/storage-keys.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import { predictionsRepository } from '../predictions/predictions.repository.js';
import { changedShare } from './mask-figures.js';
import { type MaskVersionRow, maskVersionsRepository } from './mask-versions.repository.js';
import { personName } from './person-name.js';
import { type MaskSource, saveMaskVersion } from './save-mask-version.js';

const MALFORMED_MASK_BODY = 'The mask could not be read: the multipart body is malformed or incomplete.';

/** A Full HD index PNG is about 2 MB even unpacked; no honest mask comes near this. */
const MAX_MASK_BYTES = 4 * 1024 * 1024;

/** The one file part of a mask upload, read into memory (small, bounded) or a 400 naming the field. */
async function receiveMask(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fieldErrors({ [MASK_UPLOAD_FIELD]: [maskVersionMessages.missing] });
  const boundary = boundaryProblem(request.headers['content-type']);
  if (boundary) throw fieldErrors({ [MASK_UPLOAD_FIELD]: [boundary] });
  // Whatever the parser throws is about the body the client sent: a 400, never a 500.
  const unreadable = (error: unknown) => {
    if (typeof (error as { statusCode?: unknown })?.statusCode === 'number') throw error;
    throw fieldErrors({ [MASK_UPLOAD_FIELD]: [MALFORMED_MASK_BODY] });
  };
  const part = await request.file({ limits: { fileSize: MAX_MASK_BYTES, files: 1 } }).catch(unreadable);
  if (!part || part.fieldname !== MASK_UPLOAD_FIELD) {
    part?.file.resume();
    throw fieldErrors({ [MASK_UPLOAD_FIELD]: [maskVersionMessages.missing] });
  }
  const data = await part.toBuffer().catch(unreadable);
  if (part.file.truncated) {
    throw fieldErrors({
      [MASK_UPLOAD_FIELD]: [`The mask is larger than ${MAX_MASK_BYTES / 1024 / 1024} MB.`],
    });
  }
  return data;
}

function toMaskVersion(row: MaskVersionRow, pixels: number): MaskVersion {
  return {
    version: row.version,
    author: row.author_name === null ? null : { id: row.author_id ?? 0, name: row.author_name },
    created_at: row.created_at,
    changed_pixels_percentage: changedShare(row.changed_pixels, pixels),
    restored_from: row.restored_from,
  };
}

/** Issue 39 §2: a prediction's mask versions, listed, saved, restored and downloaded. */
export const registerMaskVersionRoutes: ApiRegistrar = ({ router, db, storage, config }) => {
  const predictions = predictionsRepository(db);

  router.add(routes.listMaskVersions, async ({ organisation, params }) => {
    const prediction = await predictions.findPrediction(organisation.id, params.id, params.predictionId);
    if (!prediction) throw notFound();
    const pixels = prediction.width * prediction.height;
    const rows = await maskVersionsRepository(db).list(prediction.id);
    const versions = rows.map((row) => toMaskVersion(row, pixels));
    if (versions.length === 0) {
      versions.push({
        version: 0,
        author: null,
        created_at: prediction.created_at,
        changed_pixels_percentage: 0,
        restored_from: null,
      });
    }
    return {
      prediction: prediction.id,
      width: prediction.width,
      height: prediction.height,
      current_version: prediction.mask_version,
      versions,
    };
  });

  async function save(
    organisationId: number,
    user: { id: number },
    request: FastifyRequest,
    params: { id: number; predictionId: number },
    source: MaskSource,
  ) {
    const author = { id: user.id, name: await personName(db, user.id) };
    const saved = await saveMaskVersion(
      { db, storage, config, organisationId, author },
      params.id,
      params.predictionId,
      source,
    );
    await recordAudit(db, {
      organisationId,
      ...auditSource(request),
      action: 'mask.correct',
      target: { type: 'prediction', id: saved.prediction },
      detail: {
        project: params.id,
        version: saved.version,
        restored_from: saved.restored_from,
        changed_pixels_percentage: saved.changed_pixels_percentage,
      },
    });
    return saved;
  }

  router.add(routes.saveMaskVersion, async ({ organisation, user, params, request }) => {
    const upload = await receiveMask(request);
    return save(organisation.id, user, request, params, { upload });
  });

  router.add(routes.restoreMaskVersion, async ({ organisation, user, params, request }) =>
    save(organisation.id, user, request, params, { restore: params.version }),
  );

  router.add(routes.downloadMaskVersion, async ({ organisation, params, reply }) => {
    const prediction = await predictions.findPrediction(organisation.id, params.id, params.predictionId);
    if (!prediction) throw notFound();
    const prefix =
      params.version === 0
        ? prediction.storage_prefix
        : (await maskVersionsRepository(db).find(prediction.id, params.version))?.storage_prefix;
    if (!prefix) throw notFound();
    const png = await storage.getBuffer(storageKeys.file(prefix, predictionFiles.pred));
    await reply.type('image/png').header('cache-control', 'private, max-age=31536000, immutable').send(png);
    return REPLY_SENT;
  });
};
