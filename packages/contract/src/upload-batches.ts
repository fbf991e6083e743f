/**
 * Splits files into upload requests the server accepts (issue 24): at most `maxFiles` each (the
 * server's UPLOAD_MAX_FILES) and, so that a failed request costs little to send again and progress
 * moves steadily, at most `maxBytes` each unless one file alone is larger. Order is kept.
 */
export interface BatchLimits {
  maxFiles: number;
  maxBytes: number;
}

/** About what a slow site link sends in a minute or two: a retry repeats at most this much. */
export const DEFAULT_BATCH_BYTES = 48 * 1024 * 1024;

/** Batches of indexes into `sizes`. */
export function planBatches(sizes: readonly number[], { maxFiles, maxBytes }: BatchLimits): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let bytes = 0;
  sizes.forEach((size, index) => {
    const full = current.length >= Math.max(1, maxFiles) || (current.length > 0 && bytes + size > maxBytes);
    if (full) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(index);
    bytes += size;
  });
  if (current.length > 0) batches.push(current);
  return batches;
}
