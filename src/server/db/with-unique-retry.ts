import { isUniqueViolation } from "./unique-violation.ts";

/**
 * What a write returns when its candidate was taken without an error being raised (an insert
 * with ON CONFLICT DO NOTHING, which keeps the caller's transaction usable).
 */
export const COLLIDED: unique symbol = Symbol("collided");

export type UniqueRetry = {
  /** The unique constraint a taken candidate breaks; any other violation is not retried. */
  constraint: string;
  /** How many candidates to try before giving up. */
  attempts: number;
  /** What the candidate is, for the error when none was free ("order number"). */
  what: string;
};

/** No candidate was free: so unlikely with random numbers that something else is wrong. */
export class NoFreeCandidate extends Error {}

/**
 * Runs `write` until its candidate does not collide: each call makes a fresh candidate (a random
 * order number, a slug read again) and writes with it. A collision on `constraint` (or COLLIDED)
 * tries again, up to `attempts` times; anything else, including another constraint, is the
 * caller's to handle, so a value someone else owns is never silently replaced.
 */
export async function withUniqueRetry<T>(
  retry: UniqueRetry,
  write: (attempt: number) => Promise<T | typeof COLLIDED>,
): Promise<T> {
  let last: unknown;
  for (let attempt = 1; attempt <= retry.attempts; attempt++) {
    try {
      const written = await write(attempt);
      if (written !== COLLIDED) return written;
      last = undefined;
    } catch (error) {
      if (!isUniqueViolation(error, retry.constraint)) throw error;
      last = error;
    }
  }
  throw new NoFreeCandidate(`No free ${retry.what} after ${retry.attempts} attempts`, {
    cause: last,
  });
}
