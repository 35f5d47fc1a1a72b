/**
 * Whether a database error is a unique-constraint violation (PostgreSQL 23505, SQLite
 * SQLITE_CONSTRAINT_UNIQUE): a check-then-write that lost a race turns into a 409, not a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
