import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { Storage } from '../../storage/storage.js';
import type { AgreementRow } from './agreement-rows.js';
import { type ConfusionCells, readConfusion, reviewConfusionRepository } from './review-confusion.js';

/**
 * Photos one request counts when their stored counts are missing or older than their newest mask
 * (photos reviewed before counts were stored at review time): a bound on the decoding one request
 * can cause, while a fleet's whole backlog is counted within a few requests.
 */
export const BACKFILL_PER_REQUEST = 50;

/** Seconds the web app waits before asking again while the backlog is counted. */
const RETRY_AFTER_SECONDS = 2;

/** One backlog count at a time per process: parallel requests must not multiply the decoding. */
let counting = false;

export type CountedRow = AgreementRow & { cells: ConfusionCells };

const isCounted = (row: AgreementRow) => row.confusion !== null && row.counted_version === row.mask_version;

function stillCounting(left: number): ApiError {
  return new ApiError(
    503,
    {
      detail: `The agreement figures are being prepared: ${left} reviewed photos are still being counted for the first time. Try again in a few seconds.`,
    },
    RETRY_AFTER_SECONDS,
  );
}

/**
 * The rows with their stored pixel counts. Rows without current counts are counted from their masks
 * and stored, at most `limit` per request; while more are left the answer is a 503 with
 * Retry-After, never figures over part of the photos.
 */
export async function withStoredConfusion(
  db: Kysely<DB>,
  storage: Storage,
  rows: AgreementRow[],
  limit = BACKFILL_PER_REQUEST,
): Promise<CountedRow[]> {
  const missing = rows.filter((row) => !isCounted(row));
  const counted = new Map<number, ConfusionCells>();
  if (missing.length > 0) {
    if (counting) throw stillCounting(missing.length);
    counting = true;
    try {
      const repository = reviewConfusionRepository(db);
      for (const row of missing.slice(0, limit)) {
        const cells = await readConfusion(storage, row);
        await repository.store(row.prediction_id, row.mask_version, cells);
        counted.set(row.prediction_id, cells);
      }
    } finally {
      counting = false;
    }
    if (missing.length > counted.size) throw stillCounting(missing.length - counted.size);
  }
  return rows.map((row) => ({
    ...row,
    cells: counted.get(row.prediction_id) ?? (JSON.parse(row.confusion!) as ConfusionCells),
  }));
}
