import type { Transaction } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { creditsRepository } from './credits.repository.js';

type PredictQueue = NonNullable<Transaction['predict_queue']>;

/** The prediction requests behind ledger rows, shaped as the spec's `predict_queue`. */
async function predictQueues(db: Kysely<DB>, requestIds: number[]): Promise<Map<number, PredictQueue>> {
  if (requestIds.length === 0) return new Map();
  const credits = creditsRepository(db);
  const requests = await credits.requestsBehindRows(requestIds);
  const images = await credits.imagesOfRequests(requestIds);
  return new Map(
    requests.map((request) => [
      request.id,
      {
        id: request.id,
        images: images.filter((image) => image.request_id === request.id).map((image) => image.image_id),
        project: { name: request.project },
        resolution: { name: request.resolution },
        status: request.status,
      },
    ]),
  );
}

/**
 * Every ledger row of the organisation's wallet, oldest first, with the member who acted and its
 * prediction request where it has one.
 */
export async function listTransactions(db: Kysely<DB>, organisationId: number): Promise<Transaction[]> {
  const rows = await creditsRepository(db).rowsOf(organisationId);
  const requestIds = [
    ...new Set(rows.flatMap((row) => (row.prediction_request_id ? [row.prediction_request_id] : []))),
  ];
  const queues = await predictQueues(db, requestIds);
  return rows.map((row) => {
    const predictQueue = row.prediction_request_id ? queues.get(row.prediction_request_id) : undefined;
    return {
      id: row.id,
      amount: row.amount,
      request_date: row.created_at,
      status: row.status,
      kind: row.kind,
      reason: row.reason,
      actor: row.actor ?? null,
      ...(predictQueue ? { predict_queue: predictQueue } : {}),
    };
  });
}
