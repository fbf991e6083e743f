import { writeFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { raiseContentVersionUnlessSigned } from '../sign-off/signed-freeze.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { HullZone, UPLOAD_HULL_ZONE_FIELD } from '@hullscope/contract';
import { FieldErrorCollector, fieldErrors } from '../../http/api-error.js';
import { ImageRejectedError } from '../../media/image-rejected.js';
import { type DecodedUpload, decodeUpload } from '../../media/upload-decode.js';
import { base64Bytes } from '../../storage/base64-copy.js';
import type { Storage } from '../../storage/storage.js';
import { imageFiles, storageKeys } from '../../storage/storage-keys.js';
import { imagesRepository } from './images.repository.js';
import {
  type StagedFile,
  type StagedUpload,
  UPLOAD_FIELD,
  discardStaged,
  stagedStandardInputPath,
} from './receive-upload.js';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.js';

interface CheckedFile extends Omit<DecodedUpload, 'standardInput'> {
  staged: StagedFile;
  /**
   * The staged file holding the model's input at the standard resolution, if kept: on disk, since an
   * upload holds every file's results until it stores them.
   */
  standardInputPath: string | undefined;
}

async function checkFile(file: StagedFile, maxPixels: number): Promise<CheckedFile> {
  if (file.problem) throw new ImageRejectedError(file.problem);
  const { standardInput, ...decoded } = await decodeUpload(file.tempPath, maxPixels);
  let standardInputPath: string | undefined;
  if (standardInput) {
    standardInputPath = stagedStandardInputPath(file);
    await writeFile(standardInputPath, standardInput.data);
  }
  return { staged: file, ...decoded, standardInputPath };
}

/**
 * Inserts one image's row, recording a new folder, and writes its files there (reporting the prefix
 * before writing, so a failure can remove them).
 */
async function storeImage(
  trx: Kysely<DB>,
  storage: Storage,
  owner: number,
  projectId: number,
  file: CheckedFile,
  hullZone: HullZone | null,
  writing: (prefix: string) => void,
): Promise<{ id: number }> {
  const prefix = storageKeys.newImage(owner, projectId);
  const id = await imagesRepository(trx).insert({
    owner,
    projectId,
    hullZone,
    name: file.staged.name,
    format: file.format,
    width: file.width,
    height: file.height,
    sizeBytes: file.staged.sizeBytes,
    contentHash: file.staged.contentHash,
    storagePrefix: prefix,
    quality: file.renditions.quality,
    standardInputKept: file.standardInputPath !== undefined,
  });
  writing(prefix);
  // Independent files, written together (on S3, requests in flight at once rather than one after
  // another). All settle before a failure is thrown, so the clean-up never races a write still going.
  const written = await Promise.allSettled([
    storage.putFile(storageKeys.file(prefix, imageFiles.original(file.format)), file.staged.tempPath),
    storage.putBuffer(storageKeys.file(prefix, imageFiles.thumbnail), file.renditions.thumbnail),
    storage.putBuffer(
      storageKeys.file(prefix, imageFiles.thumbnailBase64),
      base64Bytes(file.renditions.thumbnail),
    ),
    storage.putBuffer(storageKeys.file(prefix, imageFiles.preview), file.renditions.preview),
    file.standardInputPath &&
      storage.putFile(storageKeys.file(prefix, imageFiles.standardInput), file.standardInputPath),
  ]);
  const failed = written.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return { id };
}

export interface UploadContext {
  db: Kysely<DB>;
  storage: Storage;
  maxPixels: number;
  log: FastifyBaseLogger;
  /** The uploading user, named in the images.uploaded webhook. */
  uploadedBy?: number;
}

/** The text fields an upload reads besides its files. */
export const UPLOAD_TEXT_FIELDS = [UPLOAD_HULL_ZONE_FIELD] as const;

/**
 * The zone the `hull_zone` form field sets for every image of the upload: absent or empty is none
 * (unassigned), as a form's empty select sends it; more than one value, a file or an unknown zone
 * is a problem on the field.
 */
function uploadHullZone(values: (string | null)[] | undefined, errors: FieldErrorCollector): HullZone | null {
  if (values === undefined) return null;
  if (values.length > 1) {
    errors.add(UPLOAD_HULL_ZONE_FIELD, 'Send one hull zone per upload.');
    return null;
  }
  const value = values[0];
  if (value === null || value === undefined) {
    errors.add(UPLOAD_HULL_ZONE_FIELD, 'Send the hull zone as a text field, not as a file.');
    return null;
  }
  if (value.trim() === '') return null;
  const parsed = HullZone.safeParse(value.trim());
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) errors.add(UPLOAD_HULL_ZONE_FIELD, issue.message);
  return null;
}

/**
 * All or nothing: the form fields are checked and every file is decoded first; if anything is
 * refused, the answer names each refused file with its reason (and the problem of a bad
 * `hull_zone`) and nothing is stored. Otherwise the rows and files are written in one transaction,
 * and files already written are removed if it fails.
 */
export async function uploadImages(
  { db, storage, maxPixels, log, uploadedBy }: UploadContext,
  owner: number,
  projectId: number,
  upload: StagedUpload,
): Promise<{ id: number; name: string }[]> {
  const staged = upload.files;
  try {
    const errors = new FieldErrorCollector();
    const hullZone = uploadHullZone(upload.fields[UPLOAD_HULL_ZONE_FIELD], errors);
    if (staged.length === 0) errors.add(UPLOAD_FIELD, 'Choose at least one image to upload.');
    errors.throwIfAny();
    const checked: CheckedFile[] = [];
    const problems: string[] = [];
    for (const file of staged) {
      try {
        checked.push(await checkFile(file, maxPixels));
      } catch (error) {
        if (!(error instanceof ImageRejectedError)) throw error;
        problems.push(`${file.name}: ${error.message}`);
      }
    }
    if (problems.length > 0) throw fieldErrors({ [UPLOAD_FIELD]: problems });

    const written: string[] = [];
    try {
      return await db.transaction().execute(async (trx) => {
        const created: { id: number; name: string }[] = [];
        for (const file of checked) {
          const stored = await storeImage(trx, storage, owner, projectId, file, hullZone, (prefix) =>
            written.push(prefix),
          );
          created.push({ id: stored.id, name: file.staged.name });
        }
        await raiseContentVersionUnlessSigned(trx, projectId, 'images');
        await emitWebhookEvent(trx, owner, 'images.uploaded', {
          project_id: projectId,
          image_ids: created.map((image) => image.id),
          count: created.length,
          hull_zone: hullZone,
          uploaded_by: uploadedBy ?? null,
        });
        return created;
      });
    } catch (error) {
      log.error({ err: error, projectId }, 'upload failed while storing; removed what was written');
      // The folders are this upload's alone (new names), so removing them after the rollback
      // cannot touch another upload's files.
      await Promise.all(written.map((prefix) => storage.deletePrefix(prefix)));
      throw error;
    }
  } finally {
    await discardStaged(staged);
  }
}
