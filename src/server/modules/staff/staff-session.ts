import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  STAFF_ROLES,
  STAFF_SESSION_IDLE_MINUTES,
  type StaffRole,
} from "../../../shared/rules/staff.ts";
import type { Database } from "../../db/client.ts";
import { fetchHeaders } from "../auth/index.ts";
import { staffSessions } from "./schema.ts";
import type { StaffAuth } from "./staff-auth.ts";
import type { StaffMember } from "./staff-guard.ts";

const STAFF_SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?fhh_staff\.session_token=/;
const IDLE_MS = STAFF_SESSION_IDLE_MINUTES * 60 * 1000;
/** Last-seen is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

/** A staff session last used longer ago than this has ended, whatever its expiry says. */
export function idleTooLong(lastSeen: Date, now = Date.now()): boolean {
  return now - lastSeen.getTime() > IDLE_MS;
}

const lookups = new WeakMap<FastifyRequest, Promise<StaffMember | null>>();

function isRole(value: unknown): value is StaffRole {
  return STAFF_ROLES.includes(value as StaffRole);
}

/**
 * The staff member signed in on this request, or null. A session unused for 30 minutes ends
 * here (deleted, so it cannot come back); otherwise its last-seen time (`updated_at`) moves on.
 * The 12-hour ceiling is the session's own expiry, which is never extended (staff-auth.ts).
 */
export function staffSessionOf(auth: StaffAuth, db: Database) {
  async function lookUp(request: FastifyRequest): Promise<StaffMember | null> {
    const found = await auth.api.getSession({ headers: fetchHeaders(request) });
    if (!found) return null;
    const { session, user } = found;
    const role = (user as { role?: unknown }).role;
    if (!isRole(role)) return null;
    const lastSeen = new Date(session.updatedAt);
    if (idleTooLong(lastSeen)) {
      await db.delete(staffSessions).where(eq(staffSessions.id, session.id));
      return null;
    }
    if (Date.now() - lastSeen.getTime() > TOUCH_EVERY_MS) {
      await db
        .update(staffSessions)
        .set({ updatedAt: sql`now()` })
        .where(
          and(
            eq(staffSessions.id, session.id),
            lt(staffSessions.updatedAt, new Date(Date.now() - TOUCH_EVERY_MS)),
          ),
        );
    }
    return {
      id: user.id,
      name: user.name,
      username: (user as { username?: string }).username ?? "",
      role,
      dashboard: Number((user as { dashboard?: unknown }).dashboard),
      twoFactorEnabled: Boolean((user as { twoFactorEnabled?: unknown }).twoFactorEnabled),
    };
  }
  return (request: FastifyRequest): Promise<StaffMember | null> => {
    if (!STAFF_SESSION_COOKIE.test(request.headers.cookie ?? "")) return Promise.resolve(null);
    let lookup = lookups.get(request);
    if (!lookup) {
      lookup = lookUp(request);
      lookups.set(request, lookup);
    }
    return lookup;
  };
}
