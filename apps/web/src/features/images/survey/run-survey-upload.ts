import { ApiError, fieldErrorsOf, reasonOf } from '@/lib/api-errors';
import { perFileProgress } from './per-file-progress';
import { DEFAULT_BATCH_BYTES, matchRefusals, planBatches } from '@hullscope/contract';

/** Where each file of a survey-size upload stands. */
export type FileState =
  | { kind: 'waiting' }
  | { kind: 'sending'; percent: number }
  | { kind: 'stored' }
  /** Not sent because the project (or an earlier file of this upload) already has its content. */
  | { kind: 'skipped'; reason: string }
  /** Refused by the server's rules or the client's check of them: sending it again will not help. */
  | { kind: 'refused'; reason: string }
  /** Not stored for a reason outside the file (cancelled, connection lost): worth sending again. */
  | { kind: 'not-sent'; reason: string };

export interface SurveySnapshot {
  phase: 'checking' | 'sending' | 'done';
  /** Files whose content hash has been computed, while checking. */
  checked: number;
  /** Bytes of the files to send that have been sent (answered ones and the request in flight); never falls. */
  sentBytes: number;
  totalBytes: number;
  files: FileState[];
  /** Why the upload stopped before the end (cancelled, connection lost, session ended); else null. */
  stoppedBecause: string | null;
}

export interface SurveyUploadDeps {
  maxFiles: number;
  maxFileBytes: number;
  /** The content hashes of the project's images. */
  knownHashes: ReadonlySet<string>;
  /**
   * The project's content hashes read again: after a network failure the request may have been
   * stored before its answer was lost, and sending it again would store its files twice.
   */
  currentHashes?: () => Promise<ReadonlySet<string>>;
  hashOf: (file: File) => Promise<string>;
  /** One upload request of these files; rejects with the API client's errors. */
  send: (
    files: File[],
    onProgress: (loaded: number, total: number) => void,
    signal: AbortSignal,
  ) => Promise<void>;
  /** Waits before a retry; rejects when the signal aborts. */
  wait: (ms: number, signal: AbortSignal) => Promise<void>;
  maxBatchBytes?: number;
}

/** Tries of one request after a network failure, and the waits between them (doubling). */
export const NETWORK_ATTEMPTS = 4;
const FIRST_RETRY_WAIT_MS = 1000;

export const CANCELLED = 'Cancelled before it was sent.';
export const ALREADY_IN_PROJECT = 'already in the project';
const RERUN_HINT = 'Run the upload again: files already stored are skipped.';

type Failure =
  | { kind: 'retry'; reason: string }
  | { kind: 'refused'; messages: string[] }
  | { kind: 'stop'; reason: string }
  | { kind: 'batch'; reason: string };

/**
 * What a failed request means for the upload: a lost connection or an overloaded server is tried
 * again; the server's list of bad files is a refusal of those; a 413 (a proxy's body limit) is a
 * refusal of the request's size; an ended session or a deleted project stops everything; anything
 * else fails that request's files and the upload goes on.
 */
function classify(error: unknown): Failure {
  if (!(error instanceof ApiError)) return { kind: 'retry', reason: reasonOf(error) };
  if ([0, 408, 429, 502, 503, 504].includes(error.status)) return { kind: 'retry', reason: error.message };
  if (error.status === 413) return { kind: 'refused', messages: [] };
  const images = error.status === 400 ? fieldErrorsOf(error.data)?.images : undefined;
  if (images) return { kind: 'refused', messages: images };
  if ([400, 401, 403, 404].includes(error.status)) return { kind: 'stop', reason: error.message };
  return { kind: 'batch', reason: error.message };
}

/**
 * Sends many files as a series of upload requests (issue 24). First every file's SHA-256 is compared
 * with the project's and with the files before it, so content already stored is skipped (re-running
 * an upload after a dropped connection is safe); files over the size limit are refused without
 * sending them. The rest go in batches within the server's limits, one request at a time; the server
 * stores each request all or nothing, so a cancel or a lost connection leaves no file half-stored.
 */
export async function runSurveyUpload(
  files: readonly File[],
  deps: SurveyUploadDeps,
  { signal, onChange }: { signal: AbortSignal; onChange: (snapshot: SurveySnapshot) => void },
): Promise<SurveySnapshot> {
  const snapshot: SurveySnapshot = {
    phase: 'checking',
    checked: 0,
    sentBytes: 0,
    totalBytes: 0,
    files: files.map(() => ({ kind: 'waiting' })),
    stoppedBecause: null,
  };
  const publish = () => onChange({ ...snapshot, files: [...snapshot.files] });
  // Never backwards: after a refusal or a retry the bar pauses while the files are sent again.
  const advance = (bytes: number) => {
    snapshot.sentBytes = Math.max(snapshot.sentBytes, Math.min(bytes, snapshot.totalBytes));
  };
  const settle = (indexes: readonly number[], state: FileState) => {
    for (const index of indexes) snapshot.files[index] = state;
  };
  const finish = (stoppedBecause: string | null, unsent: readonly number[] = []) => {
    const reason = stoppedBecause ?? '';
    settle(unsent, { kind: 'not-sent', reason: reason === CANCELLED ? reason : `${reason} ${RERUN_HINT}` });
    snapshot.phase = 'done';
    snapshot.stoppedBecause = stoppedBecause;
    publish();
    return { ...snapshot, files: [...snapshot.files] };
  };
  publish();

  const toSend: number[] = [];
  const seen = new Map<string, string>();
  const hashes = new Map<number, string>();
  for (const [index, file] of files.entries()) {
    if (signal.aborted) return finish(CANCELLED, [...toSend, ...files.map((_, later) => later).slice(index)]);
    if (file.size > deps.maxFileBytes) {
      settle([index], {
        kind: 'refused',
        reason: `the file is larger than ${Math.round(deps.maxFileBytes / 1024 / 1024)} MB`,
      });
    } else if (file.size === 0) {
      settle([index], { kind: 'refused', reason: 'the file is empty' });
    } else {
      const hash = await deps.hashOf(file);
      const earlier = seen.get(hash);
      if (deps.knownHashes.has(hash)) {
        settle([index], { kind: 'skipped', reason: ALREADY_IN_PROJECT });
      } else if (earlier !== undefined) {
        settle([index], { kind: 'skipped', reason: `same content as ${earlier}` });
      } else {
        seen.set(hash, file.name);
        hashes.set(index, hash);
        toSend.push(index);
      }
    }
    snapshot.checked = index + 1;
    publish();
  }

  snapshot.phase = 'sending';
  snapshot.totalBytes = toSend.reduce((sum, index) => sum + files[index]!.size, 0);
  let settledBytes = 0;
  const sizeOf = (indexes: readonly number[]) => indexes.reduce((sum, index) => sum + files[index]!.size, 0);
  const queue = planBatches(
    toSend.map((index) => files[index]!.size),
    { maxFiles: deps.maxFiles, maxBytes: deps.maxBatchBytes ?? DEFAULT_BATCH_BYTES },
  ).map((batch) => batch.map((position) => toSend[position]!));
  publish();

  /** Which of these files the project holds now; none when that cannot be read either. */
  const storedMeanwhile = async (indexes: readonly number[]): Promise<number[]> => {
    if (!deps.currentHashes) return [];
    try {
      const now = await deps.currentHashes();
      return indexes.filter((index) => now.has(hashes.get(index) ?? ''));
    } catch {
      return [];
    }
  };

  while (queue.length > 0) {
    let batch = queue.shift()!;
    let batchSizes = batch.map((index) => files[index]!.size);
    let batchBytes = sizeOf(batch);
    const remaining = () => [...batch, ...queue.flat()];
    for (let attempt = 1; ; attempt += 1) {
      if (signal.aborted) return finish(CANCELLED, remaining());
      settle(batch, { kind: 'sending', percent: 0 });
      publish();
      try {
        await deps.send(
          batch.map((index) => files[index]!),
          (loaded, total) => {
            const sent = total > 0 ? Math.min(1, loaded / total) : 0;
            const percents = perFileProgress(batchSizes, loaded, total);
            batch.forEach((index, position) => {
              snapshot.files[index] = { kind: 'sending', percent: percents[position]! };
            });
            advance(settledBytes + sent * batchBytes);
            publish();
          },
          signal,
        );
        settle(batch, { kind: 'stored' });
        settledBytes += batchBytes;
        break;
      } catch (error) {
        if (signal.aborted) return finish(CANCELLED, remaining());
        const failure = classify(error);
        if (failure.kind === 'retry') {
          if (attempt >= NETWORK_ATTEMPTS) {
            return finish(`The upload failed ${attempt} times (${failure.reason}).`, remaining());
          }
          settle(batch, { kind: 'waiting' });
          publish();
          try {
            await deps.wait(FIRST_RETRY_WAIT_MS * 2 ** (attempt - 1), signal);
          } catch {
            return finish(CANCELLED, remaining());
          }
          const arrived = await storedMeanwhile(batch);
          if (arrived.length > 0) {
            settle(arrived, { kind: 'stored' });
            settledBytes += sizeOf(arrived);
            batch = batch.filter((index) => !arrived.includes(index));
            batchSizes = batch.map((index) => files[index]!.size);
            batchBytes = sizeOf(batch);
            if (batch.length === 0) break;
          }
          continue;
        }
        if (failure.kind === 'stop') return finish(failure.reason, remaining());
        if (failure.kind === 'batch') {
          settle(batch, { kind: 'not-sent', reason: `${failure.reason} ${RERUN_HINT}` });
          settledBytes += batchBytes;
          break;
        }
        const named = matchRefusals(
          batch.map((index) => files[index]!.name),
          failure.messages,
        );
        if (named) {
          const refused = [...named.keys()].map((position) => batch[position]!);
          for (const [position, reason] of named) settle([batch[position]!], { kind: 'refused', reason });
          settledBytes += sizeOf(refused);
          const rest = batch.filter((index) => !refused.includes(index));
          settle(rest, { kind: 'waiting' });
          if (rest.length > 0) queue.unshift(rest);
        } else if (batch.length > 1) {
          // The answer does not say which files were bad: find them by sending each on its own.
          settle(batch, { kind: 'waiting' });
          queue.unshift(...batch.map((index) => [index]));
        } else {
          const reason = failure.messages.join(' ') || 'the server refused the request as too large (413)';
          settle(batch, { kind: 'refused', reason });
          settledBytes += batchBytes;
        }
        break;
      }
    }
    advance(settledBytes);
    publish();
  }
  return finish(null);
}
