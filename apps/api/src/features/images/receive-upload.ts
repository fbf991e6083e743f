import type {} from '@fastify/multipart';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { cleanFileName } from './file-names.js';

export interface StagedFile {
  name: string;
  tempPath: string;
  sizeBytes: number;
  contentHash: string;
  /** Why the file cannot be accepted, known while receiving it (too large, empty). */
  problem?: string;
}

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
  tempDir: string;
}

export const UPLOAD_FIELD = 'images';

/** Thrown when the request as a whole is unusable (too many files); staged files are already removed. */
export class UploadRequestError extends Error {}

const STAGED_PREFIX = 'upload-';

/** Whether a file in the uploads' temporary folder is a staged upload (one a crash may leave). */
export function isStagedUpload(fileName: string): boolean {
  return fileName.startsWith(STAGED_PREFIX);
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

/**
 * Streams every `images` part to its own temporary file, hashing on the way, so a large upload is
 * never held in memory. Parts of other fields are drained and ignored.
 */
export async function receiveUpload(request: FastifyRequest, limits: UploadLimits): Promise<StagedFile[]> {
  await mkdir(limits.tempDir, { recursive: true });
  const staged: StagedFile[] = [];
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== UPLOAD_FIELD) {
        part.file.resume();
        continue;
      }
      if (staged.length >= limits.maxFiles) {
        throw new UploadRequestError(`Too many files: at most ${limits.maxFiles} images per upload.`);
      }
      const tempPath = path.join(limits.tempDir, `${STAGED_PREFIX}${randomUUID()}`);
      const hash = createHash('sha256');
      let sizeBytes = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          sizeBytes += chunk.length;
          callback(null, chunk);
        },
      });
      const file: StagedFile = {
        name: cleanFileName(part.filename),
        tempPath,
        sizeBytes: 0,
        contentHash: '',
      };
      staged.push(file);
      await pipeline(part.file, measure, createWriteStream(tempPath));
      file.sizeBytes = sizeBytes;
      file.contentHash = hash.digest('hex');
      if (part.file.truncated) file.problem = `the file is larger than ${megabytes(limits.maxFileBytes)}`;
      else if (sizeBytes === 0) file.problem = 'the file is empty';
    }
  } catch (error) {
    await discardStaged(staged);
    if (error instanceof UploadRequestError) throw error;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new UploadRequestError(`Too many files: at most ${limits.maxFiles} images per upload.`);
    }
    throw error;
  }
  return staged;
}

export async function discardStaged(staged: StagedFile[]): Promise<void> {
  await Promise.all(staged.map((file) => rm(file.tempPath, { force: true })));
}
