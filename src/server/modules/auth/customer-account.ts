// The customer's own changes to their account's rows (profile, sessions, first password), for
// the account pages; Better Auth makes every other change.
import { randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { Locale } from "../../../shared/i18n/locales.ts";
import type { Database } from "../../db/client.ts";
import { accounts, sessions, users } from "./schema.ts";

/** A mobile left out of the change is kept as it is; null removes it. */
export async function updateProfile(
  db: Database,
  customerId: string,
  change: { name: string; mobile?: string | null },
) {
  await db
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, customerId));
}

/** Remembers the language the customer chose last, for their next sign-in on another device. */
export async function rememberLanguage(db: Database, customerId: string, locale: Locale) {
  await db.update(users).set({ locale }).where(eq(users.id, customerId));
}

/** Ends one of the account's sessions; answers whether there was one by that id. */
export async function endSession(db: Database, customerId: string, sessionId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, customerId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

export async function endOtherSessions(db: Database, customerId: string, currentId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, customerId), ne(sessions.id, currentId)));
}

/**
 * Gives an account made with Google or OIDC its first password, as Better Auth's credential
 * account. Answers false when it already has one. The customer's row is locked, so two tabs
 * setting one at once cannot both succeed or leave two credential accounts.
 */
export async function setFirstPassword(
  db: Database,
  customerId: string,
  passwordHash: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for("update");
    const [credential] = await tx
      .select({ id: accounts.id, password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, customerId), eq(accounts.providerId, "credential")));
    if (credential?.password) return false;
    if (credential) {
      await tx
        .update(accounts)
        .set({ password: passwordHash, updatedAt: new Date() })
        .where(eq(accounts.id, credential.id));
    } else {
      await tx.insert(accounts).values({
        id: randomUUID(),
        userId: customerId,
        accountId: customerId,
        providerId: "credential",
        password: passwordHash,
      });
    }
    return true;
  });
}
