/** A time in a video as `mm:ss.s` (minutes go past 59 rather than adding hours: survey clips are short). */
export function formatTimestamp(seconds: number): string {
  const tenths = Math.max(0, Math.round(seconds * 10));
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths % 600) / 10;
  return `${String(minutes).padStart(2, '0')}:${rest.toFixed(1).padStart(4, '0')}`;
}

/** A video's name without its extension: "port-pass.mp4" → "port-pass". */
export function videoBaseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** The name an extracted frame is uploaded under (issue 24): `<video name>@<mm:ss.s>.jpg`. */
export function frameFileName(videoName: string, seconds: number): string {
  return `${videoBaseName(videoName)}@${formatTimestamp(seconds)}.jpg`;
}

/** The times to take frames at: 0, interval, 2 × interval, … before the end. */
export function frameTimes(durationSeconds: number, intervalSeconds: number): number[] {
  if (!(durationSeconds > 0) || !(intervalSeconds > 0)) return [];
  const count = Math.ceil(durationSeconds / intervalSeconds - 1e-9);
  // Multiplied, not summed, so 0.1 steps do not drift (0.30000000000000004).
  return Array.from({ length: count }, (_, index) => Math.round(index * intervalSeconds * 1000) / 1000);
}
