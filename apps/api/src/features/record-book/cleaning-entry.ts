import type { Cleaning, RecordBookCleaningEntry } from '@hullscope/contract';

/** A cleaning as a Record Book entry: the form's fields and the two inspections it lies between. */
export function cleaningEntry(cleaning: Cleaning): RecordBookCleaningEntry {
  return {
    entry_type: 'cleaning',
    entry_label: 'In-water cleaning',
    cleaning: cleaning.id,
    date: cleaning.date,
    location: cleaning.after.location || null,
    company: cleaning.company,
    method: cleaning.method,
    capture: cleaning.capture,
    certificate_reference: cleaning.certificate_reference,
    notes: cleaning.notes,
    before: cleaning.before,
    after: cleaning.after,
    recorded_by: cleaning.created_by,
    recorded_at: cleaning.created_at,
  };
}
