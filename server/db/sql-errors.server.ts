/** Whether PostgreSQL refused a statement with this SQLSTATE, wherever the driver or drizzle wrapped the error. */
function hasSqlState(error: unknown, code: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** unique_violation: the key exists already. */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, "23505");

/**
 * foreign_key_violation: the parent row is gone. A write checks its parent first, so this is a delete of the parent
 * that committed while the write waited on the parent's row: a race with another admin, not a failure of ours.
 */
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, "23503");
