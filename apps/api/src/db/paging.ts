import { MAX_DATABASE_ID } from '@hullscope/contract';
import type { SelectQueryBuilder } from 'kysely';

/** A page of a list as its query parameters give it; neither bound: the whole list. */
export interface ListPage {
  offset?: number | undefined;
  limit?: number | undefined;
}

/** The query's rows from `offset`, at most `limit` of them. */
export function paged<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { offset = 0, limit }: ListPage,
): SelectQueryBuilder<DB, TB, O> {
  if (limit === undefined && offset === 0) return query;
  // SQLite has no OFFSET without a LIMIT.
  const bounded = query.limit(limit ?? MAX_DATABASE_ID);
  return offset > 0 ? bounded.offset(offset) : bounded;
}
