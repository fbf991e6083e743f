import type { Kysely } from 'kysely';
import type { DB, ProjectRow } from '../../db/schema.js';

/**
 * The project's content counters (migration 0013), which the thumbnails list's and the image
 * details' ETags are made of. Each writer raises them as the LAST statement of its transaction:
 * - readers see the new rows and the new version together, at commit;
 * - on PostgreSQL the update holds the project's row lock only until that commit, and taking it
 *   after the transaction's other locks (an image row, a request's rows) cannot deadlock with a
 *   delete, which locks the image first as well.
 */
export type ProjectContent = 'images' | 'predictions';

const COLUMN = { images: 'images_version', predictions: 'predictions_version' } as const;

export async function raiseContentVersion(
  trx: Kysely<DB>,
  projectId: number,
  content: ProjectContent,
): Promise<void> {
  const column = COLUMN[content];
  await trx
    .updateTable('projects')
    .set((eb) => ({ [column]: eb(column, '+', 1) }))
    .where('id', '=', projectId)
    .execute();
}

/**
 * The parts of an ETag that change whenever the named contents of the project change. The project's
 * id and creation time are part of it: SQLite hands a deleted last project's id out again, and its
 * counters start again from 0.
 */
export function projectContentVersion(
  project: ProjectRow,
  ...contents: ProjectContent[]
): (string | number)[] {
  return [project.id, project.created_at, ...contents.map((content) => project[COLUMN[content]])];
}
