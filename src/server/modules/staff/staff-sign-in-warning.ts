import { desc, eq, gt } from "drizzle-orm";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import {
  SIGN_IN_WARNINGS_SHOWN,
  type SignInWarnings,
} from "../../../shared/contracts/sign-in-warnings.ts";
import { STAFF_ROLES } from "../../../shared/rules/staff.ts";
import type { Database } from "../../db/client.ts";
import type { SignInWarner } from "../auth/index.ts";
import { notifyStaff } from "../live/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { staffMembers, staffSignInWarnings } from "./schema.ts";
import { staffSignInWarningMail } from "./staff-sign-in-warning-mail.ts";

/**
 * A staff account keeps failing sign-ins: every member is emailed and every dashboard shows a
 * line, live. A username no member has warns no one; the guesser's text is never repeated.
 */
export const warnStaff: SignInWarner = async (deps, { body, address, at, firstThisHour }) => {
  const typed = (body as { username?: unknown } | undefined)?.username;
  if (typeof typed !== "string") return;
  const [member] = await deps.db
    .select({ username: staffMembers.username })
    .from(staffMembers)
    .where(eq(staffMembers.username, typed.trim().toLowerCase()))
    .limit(1);
  if (!member || !(await firstThisHour())) return;
  const everyone = await deps.db.select({ email: staffMembers.email }).from(staffMembers);
  await deps.db.transaction(async (tx) => {
    const [warning] = await tx
      .insert(staffSignInWarnings)
      .values({ username: member.username, address, at })
      .returning({ id: staffSignInWarnings.id });
    for (const { email } of everyone) {
      await enqueueMail(
        tx,
        staffSignInWarningMail(email, member.username, { at, address }, deps.publicUrl),
      );
    }
    await notifyStaff(tx, {
      topic: LIVE_TOPICS.signInWarnings,
      dashboards: [...STAFF_ROLES],
      id: String(warning!.id),
    });
  });
};

/** The warnings every dashboard shows: the latest few of the last day, newest first. */
export async function recentSignInWarnings(db: Database, now: Date): Promise<SignInWarnings> {
  const since = new Date(now.getTime() - SIGN_IN_WARNINGS_SHOWN.withinHours * 60 * 60 * 1000);
  const rows = await db
    .select()
    .from(staffSignInWarnings)
    .where(gt(staffSignInWarnings.at, since))
    .orderBy(desc(staffSignInWarnings.at), desc(staffSignInWarnings.id))
    .limit(SIGN_IN_WARNINGS_SHOWN.max);
  return {
    warnings: rows.map((row) => ({
      id: String(row.id),
      username: row.username,
      address: row.address,
      at: row.at.toISOString(),
    })),
  };
}
