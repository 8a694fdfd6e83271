import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { hashPassword, verifyPassword } from "../auth/index.ts";
import { staffAccounts, staffMembers, staffSessions, staffTwoFactors } from "./schema.ts";
import { STAFF_MEMBERS } from "./staff-members.ts";
import { type NamedStaffMember, staffMembersNow } from "./staff-usernames.ts";

const CREDENTIAL = "credential";

/** Creates the staff members that are missing; never touches one that exists. */
export async function seedStaffMembers(db: Database): Promise<void> {
  await db
    .insert(staffMembers)
    .values(
      STAFF_MEMBERS.map(({ demoPassword: _demo, ...member }) => ({
        ...member,
        displayUsername: member.username,
      })),
    )
    .onConflictDoNothing();
}

async function passwordHashOf(db: Database, memberId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: staffAccounts.password })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.userId, memberId), eq(staffAccounts.providerId, CREDENTIAL)));
  return row?.password ?? null;
}

/**
 * Sets a member's password (the demo seed and `npm run staff:password`) and signs them out
 * everywhere: whoever knew the old one keeps no session made with it.
 */
export async function setStaffPassword(
  db: Database,
  member: { id: string },
  password: string,
): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(staffAccounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(staffAccounts.userId, member.id), eq(staffAccounts.providerId, CREDENTIAL)))
      .returning({ id: staffAccounts.id });
    if (updated.length === 0) {
      await tx.insert(staffAccounts).values({
        id: randomUUID(),
        userId: member.id,
        accountId: member.id,
        providerId: CREDENTIAL,
        password: hash,
      });
    }
    await tx.delete(staffSessions).where(eq(staffSessions.userId, member.id));
  });
}

/** Demo mode: members without a password get their published demo one. */
export async function giveDemoPasswords(db: Database): Promise<void> {
  for (const member of STAFF_MEMBERS) {
    if ((await passwordHashOf(db, member.id)) === null) {
      await setStaffPassword(db, member, member.demoPassword);
    }
  }
}

/**
 * The members a real store cannot open with: no password yet, or still the published demo
 * password (a store that ran in demo mode first). Each with the username they sign in with now.
 */
export async function staffWithoutRealPassword(db: Database): Promise<NamedStaffMember[]> {
  const missing: NamedStaffMember[] = [];
  for (const member of await staffMembersNow(db)) {
    const hash = await passwordHashOf(db, member.id);
    const demoPassword = STAFF_MEMBERS.find((seeded) => seeded.id === member.id)?.demoPassword;
    if (
      hash === null ||
      (demoPassword && (await verifyPassword({ hash, password: demoPassword })))
    ) {
      missing.push(member);
    }
  }
  return missing;
}

export function staffPasswordsMissingMessage(members: NamedStaffMember[]): string {
  const lines = members.map(
    (member) => `  npm run staff:password -- ${member.username}    (${member.name})`,
  );
  return [
    "The store will not start with demo mode off until every staff member has a password of their own.",
    "Set each one (the command reads the password from standard input):",
    ...lines,
  ].join("\n");
}

/** A lost authenticator: the member enrols a new one at their next sign-in. */
export async function resetStaffTwoFactor(db: Database, memberId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(staffTwoFactors).where(eq(staffTwoFactors.userId, memberId));
    await tx
      .update(staffMembers)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(staffMembers.id, memberId));
    await tx.delete(staffSessions).where(eq(staffSessions.userId, memberId));
  });
}
