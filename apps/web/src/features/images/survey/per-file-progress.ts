/**
 * Per-file percentages from the bytes one multipart request has sent: the files travel in
 * order, so each file's share is the part of the sent bytes that falls within its own range.
 */
export function perFileProgress(sizes: number[], loaded: number, total: number): number[] {
  const sum = sizes.reduce((accumulated, size) => accumulated + size, 0);
  const sent = total > 0 ? (Math.min(loaded, total) / total) * sum : 0;
  let offset = 0;
  return sizes.map((size) => {
    const start = offset;
    offset += size;
    if (size === 0) return sent >= start ? 100 : 0;
    return Math.round(Math.min(100, Math.max(0, ((sent - start) / size) * 100)));
  });
}
