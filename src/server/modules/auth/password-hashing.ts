import { hash, verify } from "@node-rs/argon2";

/** OWASP's minimum for argon2id: 19 MiB of memory, two passes, one lane. */
const ARGON2ID = {
  // Algorithm.Argon2id: the package's enum is a const enum, which this build cannot import.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** argon2id in PHC form ($argon2id$v=19$m=19456,t=2,p=1$salt$hash); the salt is random. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

/** The parameters come from the stored hash, so older hashes keep verifying if they change. */
export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // Not an argon2 hash at all: no password matches it.
    return false;
  }
}
