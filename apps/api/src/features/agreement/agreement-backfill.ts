import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { Storage } from '../../storage/storage.js';
import type { AgreementRow } from './agreement-rows.js';
import { type ConfusionCells, readConfusion, reviewConfusionRepository } from './review-confusion.js';

/**
 * What one request may spend counting photos whose stored counts are missing or older than their
 * newest mask (photos reviewed before counts were stored at review time): about a second is a dozen
 * corrected Full HD photos (docs/benchmarks.md). At least one photo is counted per request, so a
 * backlog always shrinks.
 */
export const BACKFILL_BUDGET_MS = 1000;
export const BACKFILL_MAX_PHOTOS = 200;

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
 * and stored, for at most BACKFILL_BUDGET_MS and `limit` photos per request; while more are left the
 * answer is a 503 with Retry-After, never figures over part of the photos. A photo whose masks cannot
 * be read (a file gone from storage) is left out of the figures rather than failing them for good;
 * it is tried again at the next request.
 */
export async function withStoredConfusion(
  db: Kysely<DB>,
  storage: Storage,
  rows: AgreementRow[],
  limit = BACKFILL_MAX_PHOTOS,
): Promise<CountedRow[]> {
  const missing = rows.filter((row) => !isCounted(row));
  const counted = new Map<number, ConfusionCells>();
  const unreadable = new Set<number>();
  if (missing.length > 0) {
    if (counting) throw stillCounting(missing.length);
    counting = true;
    try {
      const repository = reviewConfusionRepository(db);
      const started = performance.now();
      for (const row of missing.slice(0, limit)) {
        const tried = counted.size + unreadable.size;
        if (tried > 0 && performance.now() - started >= BACKFILL_BUDGET_MS) break;
        let cells: ConfusionCells;
        try {
          cells = await readConfusion(storage, row);
        } catch {
          unreadable.add(row.prediction_id);
          continue;
        }
        await repository.store(row.prediction_id, row.mask_version, cells);
        counted.set(row.prediction_id, cells);
      }
    } finally {
      counting = false;
    }
    const left = missing.length - counted.size - unreadable.size;
    if (left > 0) throw stillCounting(left);
  }
  return rows
    .filter((row) => !unreadable.has(row.prediction_id))
    .map((row) => ({
      ...row,
      cells: counted.get(row.prediction_id) ?? (JSON.parse(row.confusion!) as ConfusionCells),
    }));
}
