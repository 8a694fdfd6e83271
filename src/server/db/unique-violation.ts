/** Whether a failed insert broke the named unique constraint (a retry with a new number will do). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const pgError = cause as { code?: string; constraint?: string; message?: string };
  return (
    pgError.code === "23505" &&
    (pgError.constraint === constraint || Boolean(pgError.message?.includes(constraint)))
  );
}
