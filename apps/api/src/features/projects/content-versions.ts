import type { ProjectRow } from '../../db/schema.js';
import { CONTENT_VERSION_COLUMN, type ProjectContent } from './content-versions.repository.js';

/**
 * The parts of an ETag that change whenever the named contents of the project change. The project's
 * id and creation time are part of it: SQLite hands a deleted last project's id out again, and its
 * counters start again from 0.
 */
export function projectContentVersion(
  project: ProjectRow,
  ...contents: ProjectContent[]
): (string | number)[] {
  return [
    project.id,
    project.created_at,
    ...contents.map((content) => project[CONTENT_VERSION_COLUMN[content]]),
  ];
}
