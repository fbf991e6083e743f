import type {} from '@fastify/multipart';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { storedFileName } from '@hullscope/contract';
import { boundaryProblem } from './multipart-boundary.js';

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

/**
 * Thrown when the body is not multipart we can read (no or an overlong boundary, a body cut off or
 * garbled): the client's mistake, answered 400 `{detail}`; staged files are already removed.
 */
export class MalformedUploadError extends Error {}

const MALFORMED_BODY = 'The upload could not be read: the multipart body is malformed or incomplete.';

const STAGED_PREFIX = 'upload-';

/** Whether a file in the uploads' temporary folder is a staged upload (one a crash may leave). */
export function isStagedUpload(fileName: string): boolean {
  return fileName.startsWith(STAGED_PREFIX);
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

/**
 * Writes one part to `tempPath` through `measure`. A failure of the part's own stream (the parser
 * found the body cut off or garbled) is the client's, a MalformedUploadError; a failure of the disk
 * stays what it is. Whichever stream fails first is the cause: the pipeline then destroys the other
 * with the same error.
 */
async function savePart(file: Readable, measure: Transform, tempPath: string): Promise<void> {
  const disk = createWriteStream(tempPath);
  // The parser may have failed the part before it reached us (a short body arrives all at once).
  let cause: 'body' | 'disk' | undefined = file.errored ? 'body' : undefined;
  file.once('error', () => (cause ??= 'body'));
  disk.once('error', () => (cause ??= 'disk'));
  try {
    await pipeline(file, measure, disk);
  } catch (error) {
    // The file is opened asynchronously: a body that fails at once can fail before it is open, and
    // the destroyed stream still opens (creating the file) before it closes. Waiting for the close
    // means the caller's removal of the file comes after it exists, not before.
    // (Not events.once: it rejects on the stream's own 'error', which the pipeline has passed on to it.)
    if (!disk.closed) await new Promise<void>((resolve) => disk.once('close', () => resolve()));
    if (cause === 'body' && !hasStatus(error)) throw new MalformedUploadError(MALFORMED_BODY);
    throw error;
  }
}

/** Errors of @fastify/multipart that carry their own 4xx status (limits, a client that went away). */
function hasStatus(error: unknown): boolean {
  return typeof (error as { statusCode?: unknown }).statusCode === 'number';
}

/** What an upload request carried: its staged files and the values of the text fields asked for. */
export interface StagedUpload {
  files: StagedFile[];
  /**
   * Each requested text field's values in the order sent (absent: not sent); null for a value sent
   * as a file part, whose content is drained unread.
   */
  fields: Record<string, (string | null)[]>;
}

/**
 * Streams every `images` file part to its own temporary file, hashing on the way, so a large upload
 * is never held in memory, and keeps the values of the text fields named in `textFields` wherever
 * they come in the body, before or after the files: nothing is judged until the whole body is read.
 * Parts of other fields are drained and ignored.
 */
export async function receiveUpload(
  request: FastifyRequest,
  limits: UploadLimits,
  textFields: readonly string[] = [],
): Promise<StagedUpload> {
  const boundary = boundaryProblem(request.headers['content-type']);
  if (boundary) throw new MalformedUploadError(boundary);
  await mkdir(limits.tempDir, { recursive: true });
  const staged: StagedFile[] = [];
  const fields: StagedUpload['fields'] = {};
  const parts = request.parts()[Symbol.asyncIterator]();
  try {
    for (;;) {
      // Everything the parser throws between parts is about the body the client sent.
      const next = await parts.next().catch((error: unknown) => {
        throw hasStatus(error) ? error : new MalformedUploadError(MALFORMED_BODY);
      });
      if (next.done) break;
      const part = next.value;
      if (textFields.includes(part.fieldname)) {
        if (part.type === 'file') part.file.resume();
        (fields[part.fieldname] ??= []).push(part.type === 'field' ? String(part.value) : null);
        continue;
      }
      if (part.type !== 'file') continue;
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
        name: storedFileName(part.filename),
        tempPath,
        sizeBytes: 0,
        contentHash: '',
      };
      staged.push(file);
      await savePart(part.file, measure, tempPath);
      file.sizeBytes = sizeBytes;
      file.contentHash = hash.digest('hex');
      if (part.file.truncated) file.problem = `the file is larger than ${megabytes(limits.maxFileBytes)}`;
      else if (sizeBytes === 0) file.problem = 'the file is empty';
    }
  } catch (error) {
    await discardStaged(staged);
    if (error instanceof UploadRequestError || error instanceof MalformedUploadError) throw error;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new UploadRequestError(`Too many files: at most ${limits.maxFiles} images per upload.`);
    }
    throw error;
  }
  return { files: staged, fields };
}

/** Where an upload stages the model input it keeps for `file`, beside it (upload-images.ts). */
export function stagedStandardInputPath(file: StagedFile): string {
  return `${file.tempPath}.standard-input`;
}

export async function discardStaged(staged: StagedFile[]): Promise<void> {
  await Promise.all(
    staged.flatMap((file) => [
      rm(file.tempPath, { force: true }),
      rm(stagedStandardInputPath(file), { force: true }),
    ]),
  );
}
