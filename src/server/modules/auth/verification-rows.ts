// Codes of the store's own (an account deletion's) kept in Better Auth's verifications table,
// each under an identifier no Better Auth flow uses.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.ts";
import { verifications } from "./schema.ts";

type Writer = Transaction | Database;
export type VerificationRow = typeof verifications.$inferSelect;

/** Keeps `value` under `identifier` until `expiresAt`, in place of whatever was kept there. */
export async function replaceVerification(
  tx: Writer,
  row: { identifier: string; value: string; expiresAt: Date },
): Promise<void> {
  await tx.delete(verifications).where(eq(verifications.identifier, row.identifier));
  await tx.insert(verifications).values({ id: randomUUID(), ...row });
}

/** Takes what is kept under `identifier` off the table (the taking is the lock), if anything. */
export async function takeVerification(
  tx: Writer,
  identifier: string,
): Promise<VerificationRow | undefined> {
  const [taken] = await tx
    .delete(verifications)
    .where(eq(verifications.identifier, identifier))
    .returning();
  return taken;
}

/** Puts a taken row back, as it was or with a new value. */
export async function putVerificationBack(tx: Writer, row: VerificationRow): Promise<void> {
  await tx.insert(verifications).values(row);
}
