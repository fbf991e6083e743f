/**
 * Runs `work` on each item, at most `limit` at once, starting them in the items' order.
 *
 * After the first failure no further item starts, and the items already running are awaited before
 * that first error is thrown: the caller never returns while work it started is still going (a job
 * must not report itself finished while one of its images is still being stored). Later errors are
 * dropped: `work` should handle what it can itself.
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a whole number ≥ 1, got ${limit}`);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && next < items.length) {
      const item = items[next]!;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw failure.error;
}
