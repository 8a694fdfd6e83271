import { and, asc, eq, ne } from "drizzle-orm";
import {
  STAFF_USERNAME_MESSAGES,
  staffUsernameKey,
  staffUsernameSchema,
} from "../../../shared/rules/staff-sign-in.ts";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { auditLog, staffMembers, staffSessions } from "./schema.ts";

/** What the commands need of a member: who they are and the username they sign in with now. */
export type NamedStaffMember = { id: string; name: string; role: string; username: string };

const named = {
  id: staffMembers.id,
  name: staffMembers.name,
  role: staffMembers.role,
  username: staffMembers.username,
};

/** The member who signs in as `username` (however it is cased), if any. */
export async function staffMemberByUsername(
  db: Database,
  username: string,
): Promise<NamedStaffMember | undefined> {
  const [member] = await db
    .select(named)
    .from(staffMembers)
    .where(eq(staffMembers.username, staffUsernameKey(username)));
  return member;
}

/** Every member, by dashboard, with the username they sign in with now. */
export function staffMembersNow(db: Database): Promise<NamedStaffMember[]> {
  return db.select(named).from(staffMembers).orderBy(asc(staffMembers.dashboard));
}

/** A username that cannot be chosen, and why, in words for the person choosing it. */
export class StaffUsernameProblem extends Error {
  override name = "StaffUsernameProblem";
}

/** How the audit log names a write made by a command on the server rather than a request. */
export const COMMAND_REQUEST_ID = "command: npm run staff:username";

/**
 * A member chooses the username they sign in with (`npm run staff:username`). It is stored in
 * lower case, as Better Auth looks it up, so no two members' names differ only in case; the
 * unique constraint settles two members asking for one name at once. Like a new password it
 * ends the member's sessions, and the change is in the audit log with the member as its author.
 */
export async function chooseStaffUsername(
  db: Database,
  current: string,
  wanted: string,
): Promise<{ member: NamedStaffMember; username: string }> {
  const parsed = staffUsernameSchema.safeParse(wanted);
  if (!parsed.success) throw new StaffUsernameProblem(parsed.error.issues[0]!.message);
  const display = parsed.data;
  const username = staffUsernameKey(display);
  const member = await staffMemberByUsername(db, current);
  if (!member) throw new StaffUsernameProblem(STAFF_USERNAME_MESSAGES.unknown(current.trim()));
  if (member.username === username) {
    throw new StaffUsernameProblem(STAFF_USERNAME_MESSAGES.unchanged(display));
  }
  const taken = new StaffUsernameProblem(STAFF_USERNAME_MESSAGES.taken(display));
  try {
    await db.transaction(async (tx) => {
      const [other] = await tx
        .select({ id: staffMembers.id })
        .from(staffMembers)
        .where(and(eq(staffMembers.username, username), ne(staffMembers.id, member.id)));
      if (other) throw taken;
      await tx
        .update(staffMembers)
        .set({ username, displayUsername: display, updatedAt: new Date() })
        .where(eq(staffMembers.id, member.id));
      await tx.insert(auditLog).values({
        staffId: member.id,
        staffName: member.name,
        role: member.role,
        action: "staff.rename",
        targetType: "staff-member",
        targetId: member.id,
        before: { username: member.username },
        after: { username },
        requestId: COMMAND_REQUEST_ID,
      });
      await tx.delete(staffSessions).where(eq(staffSessions.userId, member.id));
    });
  } catch (error) {
    if (isUniqueViolation(error, "staff_members_username_unique")) throw taken;
    throw error;
  }
  return { member, username };
}
