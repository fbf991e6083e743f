import type { HullZone, ImageHash, NamedListWithMessage, UploadLimits } from '@hullscope/contract';
import { sha256Hex } from './content-hash.js';
import { HullscopeApiError, HullscopeNetworkError } from './errors.js';
import { DEFAULT_BATCH_BYTES, matchRefusals, planBatches } from '@hullscope/contract';

/** A file to upload: its name as the project will show it, and its bytes. */
export interface SurveyFile {
  name: string;
  blob: Blob;
}

/** What became of each file of a survey upload. */
export type SurveyOutcome =
  | { kind: 'uploaded'; imageId: number }
  /** Not sent: the project (or an earlier file of this upload) already has its content. */
  | { kind: 'skipped'; reason: string }
  /** Refused by the server's rules (or by the limits it states): sending it again will not help. */
  | { kind: 'refused'; reason: string }
  /** Not stored for a reason outside the file (connection lost, server error): worth running again. */
  | { kind: 'not-sent'; reason: string };

export interface SurveyProgress {
  /** Checking: files hashed so far; sending: bytes of the files to send that were stored or given up. */
  phase: 'checking' | 'sending';
  done: number;
  total: number;
}

export interface SurveyOptions {
  hullZone?: HullZone | null;
  onProgress?: (progress: SurveyProgress) => void;
  /** Bytes per request at most (one larger file goes alone); 48 MiB by default. */
  maxBatchBytes?: number;
  /** Waits before a retry after a lost connection or an overloaded server (doubling from this). */
  firstRetryWaitMs?: number;
  signal?: AbortSignal;
}

export interface SurveyResult {
  outcomes: SurveyOutcome[];
  /** Why the upload stopped before the end (bad key, project gone): the rest is `not-sent`. */
  stoppedBy: HullscopeApiError | null;
}

/** The part of the client a survey upload uses. */
export interface SurveyApi {
  uploadLimits(): Promise<UploadLimits>;
  listImageHashes(args: { params: { id: number } }): Promise<ImageHash[]>;
  uploadImages(input: {
    projectId: number;
    files: readonly SurveyFile[];
    hullZone?: HullZone | null;
    signal?: AbortSignal;
  }): Promise<NamedListWithMessage>;
}

/** Tries of one request after a network failure or an overloaded server. */
export const NETWORK_ATTEMPTS = 4;
export const ALREADY_IN_PROJECT = 'already in the project';
const RERUN_HINT = 'Run the upload again: files already stored are skipped.';

type Failure =
  | { kind: 'retry'; reason: string }
  | { kind: 'refused'; messages: string[] }
  | { kind: 'stop'; error: HullscopeApiError }
  | { kind: 'batch'; reason: string };

/**
 * What a failed request means for the upload, as in the web app: a lost connection or an overloaded
 * server is tried again; the server's list of bad files refuses those; a 413 refuses the request's
 * size; a bad key or a deleted project stops everything; anything else fails that request's files.
 */
function classify(error: unknown): Failure {
  if (error instanceof HullscopeNetworkError) return { kind: 'retry', reason: error.message };
  if (!(error instanceof HullscopeApiError)) throw error;
  if ([408, 429, 502, 503, 504].includes(error.status)) return { kind: 'retry', reason: error.message };
  if (error.status === 413) return { kind: 'refused', messages: [] };
  const images = error.status === 400 ? error.fieldErrors?.images : undefined;
  if (images) return { kind: 'refused', messages: images };
  if ([400, 401, 403, 404].includes(error.status)) return { kind: 'stop', error };
  return { kind: 'batch', reason: error.message };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Uploads many files into a project so that running it again is safe (issue 24, issue 41 §4):
 * every file's SHA-256 is compared with the project's and with the files before it, so content
 * already stored is skipped; files over the size limit are refused unsent; the rest go in batches
 * within the server's limits, one request at a time, each stored all or nothing by the server.
 */
export async function uploadSurvey(
  api: SurveyApi,
  projectId: number,
  files: readonly SurveyFile[],
  options: SurveyOptions = {},
): Promise<SurveyResult> {
  const outcomes: (SurveyOutcome | null)[] = files.map(() => null);
  const settle = (indexes: readonly number[], outcome: SurveyOutcome) => {
    for (const index of indexes) outcomes[index] = outcome;
  };
  const [limits, knownRows] = await Promise.all([
    api.uploadLimits(),
    api.listImageHashes({ params: { id: projectId } }),
  ]);
  const known = new Map(knownRows.map((row) => [row.content_sha256, row.id]));

  const toSend: number[] = [];
  const hashes = new Map<number, string>();
  const seen = new Map<string, string>();
  for (const [index, file] of files.entries()) {
    options.signal?.throwIfAborted();
    if (file.blob.size > limits.max_file_bytes) {
      const megabytes = Math.round(limits.max_file_bytes / 1024 / 1024);
      settle([index], { kind: 'refused', reason: `the file is larger than ${megabytes} MB` });
    } else if (file.blob.size === 0) {
      settle([index], { kind: 'refused', reason: 'the file is empty' });
    } else {
      const hash = await sha256Hex(file.blob);
      const earlier = seen.get(hash);
      if (known.has(hash)) settle([index], { kind: 'skipped', reason: ALREADY_IN_PROJECT });
      else if (earlier !== undefined)
        settle([index], { kind: 'skipped', reason: `same content as ${earlier}` });
      else {
        seen.set(hash, file.name);
        hashes.set(index, hash);
        toSend.push(index);
      }
    }
    options.onProgress?.({ phase: 'checking', done: index + 1, total: files.length });
  }

  const sizeOf = (indexes: readonly number[]) =>
    indexes.reduce((sum, index) => sum + files[index]!.blob.size, 0);
  const totalBytes = sizeOf(toSend);
  let doneBytes = 0;
  const progressed = (indexes: readonly number[]) => {
    doneBytes += sizeOf(indexes);
    options.onProgress?.({ phase: 'sending', done: doneBytes, total: totalBytes });
  };
  options.onProgress?.({ phase: 'sending', done: 0, total: totalBytes });
  const queue = planBatches(
    toSend.map((index) => files[index]!.blob.size),
    { maxFiles: limits.max_files, maxBytes: options.maxBatchBytes ?? DEFAULT_BATCH_BYTES },
  ).map((batch) => batch.map((position) => toSend[position]!));

  /** After a lost answer the request may have been stored: which of these files the project holds now. */
  const storedMeanwhile = async (indexes: readonly number[]): Promise<Map<number, number>> => {
    try {
      const now = new Map(
        (await api.listImageHashes({ params: { id: projectId } })).map((row) => [row.content_sha256, row.id]),
      );
      return new Map(
        indexes.flatMap((index) => {
          const id = now.get(hashes.get(index) ?? '');
          return id === undefined ? [] : [[index, id] as const];
        }),
      );
    } catch {
      return new Map();
    }
  };

  let stoppedBy: HullscopeApiError | null = null;
  while (queue.length > 0 && stoppedBy === null) {
    let batch = queue.shift()!;
    for (let attempt = 1; ; attempt += 1) {
      options.signal?.throwIfAborted();
      try {
        const stored = await api.uploadImages({
          projectId,
          files: batch.map((index) => files[index]!),
          hullZone: options.hullZone ?? null,
          ...(options.signal ? { signal: options.signal } : {}),
        });
        batch.forEach((index, position) => {
          outcomes[index] = { kind: 'uploaded', imageId: stored.data[position]?.id ?? 0 };
        });
        progressed(batch);
        break;
      } catch (error) {
        const failure = classify(error);
        if (failure.kind === 'retry') {
          if (attempt >= NETWORK_ATTEMPTS) {
            const reason = `The upload failed ${attempt} times (${failure.reason}). ${RERUN_HINT}`;
            settle(batch, { kind: 'not-sent', reason });
            progressed(batch);
            break;
          }
          await sleep((options.firstRetryWaitMs ?? 1000) * 2 ** (attempt - 1));
          const arrived = await storedMeanwhile(batch);
          for (const [index, imageId] of arrived) outcomes[index] = { kind: 'uploaded', imageId };
          progressed([...arrived.keys()]);
          batch = batch.filter((index) => !arrived.has(index));
          if (batch.length === 0) break;
          continue;
        }
        if (failure.kind === 'stop') {
          stoppedBy = failure.error;
          const rest = [...batch, ...queue.flat()];
          settle(rest, { kind: 'not-sent', reason: `${failure.error.message} ${RERUN_HINT}` });
          break;
        }
        if (failure.kind === 'batch') {
          settle(batch, { kind: 'not-sent', reason: `${failure.reason} ${RERUN_HINT}` });
          progressed(batch);
          break;
        }
        const named = matchRefusals(
          batch.map((index) => files[index]!.name),
          failure.messages,
        );
        if (named) {
          const refused = [...named.keys()].map((position) => batch[position]!);
          for (const [position, reason] of named) settle([batch[position]!], { kind: 'refused', reason });
          progressed(refused);
          const rest = batch.filter((index) => !refused.includes(index));
          if (rest.length > 0) queue.unshift(rest);
        } else if (batch.length > 1) {
          // The answer does not say which files were bad: find them by sending each on its own.
          queue.unshift(...batch.map((index) => [index]));
        } else {
          const reason = failure.messages.join(' ') || 'the server refused the request as too large (413)';
          settle(batch, { kind: 'refused', reason });
          progressed(batch);
        }
        break;
      }
    }
  }
  return {
    outcomes: outcomes.map((outcome) => outcome ?? { kind: 'not-sent', reason: 'not reached' }),
    stoppedBy,
  };
}
