import type {} from '@fastify/multipart';
import { refuseWhileSigned } from '../sign-off/signed-freeze.js';
import { routes } from '@hullscope/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ApiRegistrar } from '../../feature-context.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import { badRequest, conflict, fieldErrors, notFound, tooManyRequests } from '../../http/api-error.js';
import { BASE64_IMAGE_COMPRESSION } from '../../http/base64-answers.js';
import { PRECOMPRESSED_ROUTE } from '../../http/precompressed.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { imagesRepository } from './images.repository.js';
import { deleteImageUnlessPredicting, setHullZone } from './images.service.js';
import { setZoneOfImages } from './images-zone-update.js';
import { qualityThresholdsTag } from '../../media/quality/thresholds-tag.js';
import { fullImageAnswer } from './full-image-answer.js';
import { imageDetailsAnswers } from './image-details-answers.js';
import { ownedImageOr404 } from './owned-image.js';
import { MalformedUploadError, UPLOAD_FIELD, UploadRequestError, receiveUpload } from './receive-upload.js';
import { thumbnailListAnswers } from './thumbnail-list-answers.js';
import { UPLOAD_TEXT_FIELDS, uploadImages } from './upload-images.js';
import { uploadSlots } from './upload-slots.js';

/** Uploads (multipart, bounded per request and per organisation), thumbnails, previews and deletion. */
export const registerImageRoutes: ApiRegistrar = async ({ app, router, db, storage, config, log }) => {
  await app.register(multipart, {
    limits: {
      fileSize: config.uploads.maxFileBytes,
      files: config.uploads.maxFiles + 1,
      fields: 20,
      parts: config.uploads.maxFiles + 21,
    },
    throwFileSizeLimit: false,
  });
  const images = imagesRepository(db);
  // Short enough for a tag: the thresholds change only with the configuration.
  const thresholdsTag = qualityThresholdsTag(config.imageQuality.thresholds);
  const uploads = uploadSlots(config.uploads.maxConcurrentPerUser);
  const thumbnailLists = thumbnailListAnswers(db, storage, log);
  const imageDetails = imageDetailsAnswers(db, config);
  // The kept lists' idle timers are unref'd, but would keep them reachable after close until they
  // fire: in tests, apps are made and closed many times a process.
  app.addHook('onClose', async () => thumbnailLists.clear());

  /** The request's files in temporary storage; a request unusable as a whole is a 400. */
  async function stageUpload(request: FastifyRequest) {
    try {
      return await receiveUpload(
        request,
        {
          maxFileBytes: config.uploads.maxFileBytes,
          maxFiles: config.uploads.maxFiles,
          tempDir: config.uploads.tempDir,
        },
        UPLOAD_TEXT_FIELDS,
      );
    } catch (error) {
      if (error instanceof UploadRequestError) throw fieldErrors({ [UPLOAD_FIELD]: [error.message] });
      if (error instanceof MalformedUploadError) throw badRequest(error.message);
      throw error;
    }
  }

  router.add(routes.uploadImages, async ({ organisation, user, params, request }) => {
    refuseWhileSigned(await ownedProjectOr404(db, organisation.id, params.id));
    if (!request.isMultipart()) {
      throw fieldErrors({
        [UPLOAD_FIELD]: ['Send the images as multipart/form-data in repeated "images" fields.'],
      });
    }
    // Before the body is read: a refused upload costs the server nothing but this answer.
    const release = uploads.take(organisation.id);
    if (!release) {
      const limit = config.uploads.maxConcurrentPerUser;
      throw tooManyRequests(
        `You already have ${limit} ${limit === 1 ? 'upload' : 'uploads'} in progress. ` +
          'Wait until one has finished, then try again.',
      );
    }
    try {
      const created = await uploadImages(
        { db, storage, maxPixels: config.uploads.maxPixels, log, uploadedBy: user.id },
        organisation.id,
        params.id,
        await stageUpload(request),
      );
      return { message: 'Uploaded images successfully', data: created };
    } finally {
      release();
    }
  });

  router.add(routes.uploadLimits, () =>
    Promise.resolve({
      max_files: config.uploads.maxFiles,
      max_file_bytes: config.uploads.maxFileBytes,
      max_pixels: config.uploads.maxPixels,
      quality_thresholds: config.imageQuality.thresholds,
    }),
  );

  router.add(routes.listImageHashes, async ({ organisation, params }) => {
    await ownedProjectOr404(db, organisation.id, params.id);
    const rows = await images.listHashes(organisation.id, params.id);
    return rows.map((row) => ({ id: row.id, image_name: row.name, content_sha256: row.content_hash }));
  });

  router.add(
    routes.listThumbnails,
    async ({ organisation, params, query }) =>
      thumbnailLists.answer(organisation.id, await ownedProjectOr404(db, organisation.id, params.id), query),
    BASE64_IMAGE_COMPRESSION,
  );

  router.add(
    routes.listImageDetails,
    async ({ organisation, params }) =>
      imageDetails(organisation.id, await ownedProjectOr404(db, organisation.id, params.id)),
    PRECOMPRESSED_ROUTE,
  );

  router.add(
    routes.getImage,
    async ({ organisation, params }) =>
      fullImageAnswer(
        storage,
        await ownedImageOr404(db, organisation.id, params.id, params.imageId),
        config.imageQuality.thresholds,
        thresholdsTag,
      ),
    BASE64_IMAGE_COMPRESSION,
  );

  router.add(routes.updateImage, async ({ organisation, params, body }) => {
    const image =
      body.hull_zone === undefined
        ? await ownedImageOr404(db, organisation.id, params.id, params.imageId)
        : await setHullZone(db, organisation.id, params.id, params.imageId, body.hull_zone);
    if (!image) throw notFound();
    return {
      id: image.id,
      image_name: image.name,
      width: image.width,
      height: image.height,
      hull_zone: image.hull_zone,
    };
  });

  router.add(routes.updateImagesZone, async ({ organisation, params, body }) => {
    await ownedProjectOr404(db, organisation.id, params.id);
    const updated = await setZoneOfImages(db, organisation.id, params.id, body.images, body.hull_zone);
    return { updated, hull_zone: body.hull_zone };
  });

  router.add(routes.deleteImage, async ({ organisation, params, request }) => {
    const image = await ownedImageOr404(db, organisation.id, params.id, params.imageId);
    const deleted = await deleteImageUnlessPredicting(db, params.id, image.id);
    if (!deleted) {
      throw conflict(
        'This image is part of a running prediction. Delete it once the prediction has finished.',
      );
    }
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'image.delete',
      target: { type: 'image', id: image.id, label: image.name },
      detail: { project: params.id },
    });
    await storage.deletePrefix(image.storage_prefix);
    return { message: 'Deleted image successfully' };
  });
};
