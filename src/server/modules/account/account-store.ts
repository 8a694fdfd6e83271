import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, isNotNull, ne } from "drizzle-orm";
import type { AccountSession, Profile } from "../../../shared/contracts/account.ts";
import { deviceName } from "../../../shared/rules/device-name.ts";
import type { Database } from "../../db/client.ts";
import { accounts, sessions, users } from "../../db/schema/index.ts";

export async function readProfile(db: Database, customerId: string): Promise<Profile | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, customerId));
  if (!row) return undefined;
  const withPassword = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, customerId), isNotNull(accounts.password)))
    .limit(1);
  return {
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    hasPassword: withPassword.length > 0,
    mobile: row.mobile,
    memberSince: new Date(row.createdAt).toISOString(),
  };
}

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

/** The account's live sessions, this browser's first, then the most recently used. */
export async function listSessions(
  db: Database,
  customerId: string,
  currentId: string,
): Promise<AccountSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, customerId), gt(sessions.expiresAt, new Date())))
    .orderBy(asc(sessions.createdAt));
  return rows
    .map((row) => ({
      id: row.id,
      device: deviceName(row.userAgent),
      ipAddress: row.ipAddress,
      signedInAt: new Date(row.createdAt).toISOString(),
      lastSeenAt: new Date(row.updatedAt).toISOString(),
      current: row.id === currentId,
    }))
    .sort(
      (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
    );
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
