/** The one clock format of the database: ISO 8601 UTC with milliseconds, sortable as text. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoInSeconds(seconds: number, from: Date = new Date()): string {
  return new Date(from.getTime() + seconds * 1000).toISOString();
}
