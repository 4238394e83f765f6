/** What a refused write says, the same on both databases. */

const codeOf = (e: unknown) => (e as { code?: unknown } | null)?.code;

/** A unique constraint refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(e: unknown): boolean {
  const code = codeOf(e);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A foreign key refused the write (PostgreSQL 23503, SQLite SQLITE_CONSTRAINT_FOREIGNKEY). */
export function isForeignKeyViolation(e: unknown): boolean {
  const code = codeOf(e);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
