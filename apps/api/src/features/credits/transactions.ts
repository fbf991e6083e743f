import type { Transaction } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ledgerRowsOf } from './ledger.js';

type PredictQueue = NonNullable<Transaction['predict_queue']>;

/** The prediction requests behind ledger rows, shaped as the spec's `predict_queue`. */
async function predictQueues(db: Kysely<DB>, requestIds: number[]): Promise<Map<number, PredictQueue>> {
  if (requestIds.length === 0) return new Map();
  const requests = await db
    .selectFrom('prediction_requests')
    .innerJoin('projects', 'projects.id', 'prediction_requests.project_id')
    .innerJoin('resolutions', 'resolutions.id', 'prediction_requests.resolution_id')
    .select([
      'prediction_requests.id',
      'prediction_requests.status',
      'projects.name as project',
      'resolutions.display_name as resolution',
    ])
    .where('prediction_requests.id', 'in', requestIds)
    .execute();
  const images = await db
    .selectFrom('prediction_request_images')
    .select(['request_id', 'image_id'])
    .where('request_id', 'in', requestIds)
    .orderBy('position')
    .execute();
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

/** Every ledger row of the user, oldest first, with its prediction request where it has one. */
export async function listTransactions(db: Kysely<DB>, userId: number): Promise<Transaction[]> {
  const rows = await ledgerRowsOf(db, userId);
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
      ...(predictQueue ? { predict_queue: predictQueue } : {}),
    };
  });
}
