// The on-duty digest: when no dashboard of a role has asked for its alerts for
// DIGEST_AFTER_MINUTES, the alerts not mailed before go to that role's members, at most one
// digest every DIGEST_EVERY_MINUTES. Instances may run it at once: each role's digest is decided
// under an advisory lock, so one of them sends it.
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  DIGEST_AFTER_MINUTES,
  DIGEST_EVERY_MINUTES,
} from "../../../shared/contracts/staff-alerts.ts";
import { STAFF_ROLES, type StaffRole } from "../../../shared/rules/staff.ts";
import type { Database } from "../../db/client.ts";
import { repeatingTask } from "../../workers/repeating-task.ts";
import { enqueueMail } from "../mail/index.ts";
import { staffMembersOf } from "../staff/index.ts";
import { alertsFor } from "./alerts-for.ts";
import { alertDigestMail } from "./digest-mail.ts";
import { staffAlertDigests, staffAlertMails, staffPresence } from "./schema.ts";

/** Advisory lock namespace of the per-role digest decisions. */
const DIGEST_LOCK_SPACE = 7_240_130;
/**
 * Mailed keys are kept this long, so an alert that stands for days (an order never confirmed, a
 * ticket long overdue) is mailed once; one still standing after it is mailed again.
 */
const MAILED_KEPT = "30 days";

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/** A dashboard of `role` asked for its alerts now. */
export async function markSeen(db: Database, role: StaffRole, now = new Date()): Promise<void> {
  await db
    .insert(staffPresence)
    .values({ dashboard: role, seenAt: now })
    .onConflictDoUpdate({ target: staffPresence.dashboard, set: { seenAt: now } });
}

/** Sends the digests due now; answers the roles mailed. */
export async function sendAlertDigests(
  db: Database,
  publicUrl: string,
  now = new Date(),
): Promise<StaffRole[]> {
  await db
    .delete(staffAlertMails)
    .where(lt(staffAlertMails.mailedAt, sql`now() - ${MAILED_KEPT}::interval`));
  const sent: StaffRole[] = [];
  for (const [index, role] of STAFF_ROLES.entries()) {
    // Read before the lock: whatever two instances read, the mailed keys decide under it.
    const { alerts } = await alertsFor(db, role, now);
    if (alerts.length === 0) continue;
    const mailed = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DIGEST_LOCK_SPACE}, ${index})`);
      const [seen] = await tx.select().from(staffPresence).where(eq(staffPresence.dashboard, role));
      if (seen && seen.seenAt > minutesBefore(now, DIGEST_AFTER_MINUTES)) return false;
      const [recent] = await tx
        .select({ id: staffAlertDigests.id })
        .from(staffAlertDigests)
        .where(
          and(
            eq(staffAlertDigests.dashboard, role),
            gt(staffAlertDigests.sentAt, minutesBefore(now, DIGEST_EVERY_MINUTES)),
          ),
        )
        .limit(1);
      if (recent) return false;
      const done = await tx
        .select({ key: staffAlertMails.key })
        .from(staffAlertMails)
        .where(
          and(
            eq(staffAlertMails.dashboard, role),
            inArray(
              staffAlertMails.key,
              alerts.map((alert) => alert.key),
            ),
          ),
        );
      const mailedKeys = new Set(done.map((row) => row.key));
      const fresh = alerts.filter((alert) => !mailedKeys.has(alert.key));
      if (fresh.length === 0) return false;
      const members = await staffMembersOf(tx, role);
      if (members.length === 0) return false;
      await tx
        .insert(staffAlertMails)
        .values(fresh.map((alert) => ({ dashboard: role, key: alert.key })));
      await tx
        .insert(staffAlertDigests)
        .values({ dashboard: role, alerts: fresh.length, sentAt: now });
      for (const member of members) {
        await enqueueMail(tx, alertDigestMail(member, role, fresh, publicUrl));
      }
      return true;
    });
    if (mailed) sent.push(role);
  }
  return sent;
}

/** Every minute (main.ts starts it): the digests due. */
export function createAlertDigests(deps: {
  db: Database;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  return repeatingTask("alert-digests", () => sendAlertDigests(deps.db, deps.publicUrl), {
    intervalMs: 60_000,
    log: deps.log,
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** The on-duty digests of alerts nobody has seen (see createAlertDigests). */
    alertDigests: ReturnType<typeof createAlertDigests>;
  }
}
