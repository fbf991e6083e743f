import type { ProjectRow } from '../../db/schema.js';
import { conflict } from '../../http/api-error.js';
import type { LinkedCleaning } from './projects.repository.js';

/**
 * Refuses (409, naming the cleaning) a project change that would leave a cleaning linking it invalid:
 * both inspections of the cleaning's vessel, dated, the one before no later than the cleaning and
 * the one after no earlier (the rules of cleanings/cleaning-checks.ts, from the project's side).
 */
export function refuseBreakingCleanings(
  next: Pick<ProjectRow, 'vessel_id' | 'inspection_date'>,
  cleanings: LinkedCleaning[],
): void {
  for (const cleaning of cleanings) {
    const isBefore = cleaning.role === 'before';
    const date = next.inspection_date;
    const breaks =
      next.vessel_id !== cleaning.vessel_id ||
      date === null ||
      (isBefore ? date > cleaning.cleaning_date : date < cleaning.cleaning_date);
    if (breaks) {
      throw conflict(
        `This inspection is the one ${isBefore ? 'before' : 'after'} the cleaning of ${cleaning.cleaning_date} ` +
          `by ${cleaning.company} (cleaning ${cleaning.id}): its vessel must stay that cleaning's and its date ` +
          `${isBefore ? 'on or before' : 'on or after'} ${cleaning.cleaning_date}. Change or delete the cleaning first.`,
      );
    }
  }
}
