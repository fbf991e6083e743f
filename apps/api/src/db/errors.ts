/** A unique index refused the write, on SQLite (better-sqlite3) or PostgreSQL (23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** A foreign key refused the write (the row it points at is gone), on SQLite or PostgreSQL (23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}
