import { and, asc, eq, gt, isNotNull } from "drizzle-orm";
import type { AccountSession, Profile } from "../../../shared/contracts/account.ts";
import { deviceName } from "../../../shared/rules/device-name.ts";
import type { Database } from "../../db/client.ts";
import { accounts, sessions, users } from "../auth/schema.ts";

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
