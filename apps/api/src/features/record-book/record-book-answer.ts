import type { RecordBook, Vessel } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { CachedAnswer } from '../../http/cached-answer.js';
import { weakETag } from '../../http/etag.js';
import { recordBookRepository } from './record-book.repository.js';

/** Changes every Record Book's ETag when the answer's format changes. */
const RECORD_BOOK_ETAG_VERSION = 'record-book-1';

/**
 * The vessel's Record Book as a cached answer: the vessel page loads it each time it opens, and a
 * client holding the current version gets a 304 from a few aggregate queries instead of the book.
 */
export async function recordBookAnswer(
  db: Kysely<DB>,
  owner: number,
  vessel: Vessel,
  make: () => Promise<RecordBook>,
): Promise<CachedAnswer<RecordBook>> {
  const version = await recordBookRepository(db).version(owner, vessel.id);
  const etag = weakETag(RECORD_BOOK_ETAG_VERSION, [
    vessel.id,
    vessel.updated_at,
    ...Object.values(version).map((part) => part ?? ''),
  ]);
  return new CachedAnswer(etag, async () => ({ value: await make() }));
}
