import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { verifyPassword } from "./password-hashing.ts";
import { accounts } from "./schema.ts";

/** The account's password against its argon2id hash; "none" for an account without one. */
export async function checkPassword(db: Database, customerId: string, password: string) {
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, customerId), eq(accounts.providerId, "credential")));
  if (!credential?.hash) return "none";
  return (await verifyPassword({ hash: credential.hash, password })) ? "right" : "wrong";
}
