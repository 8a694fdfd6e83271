import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Database } from "../../db/client.ts";
import { staffSessions } from "../../db/schema/index.ts";
import { fetchHeaders } from "../auth/current-customer.ts";
import type { StaffAuth } from "./staff-auth.ts";
import { idleTooLong } from "./staff-session.ts";

/** Answers whether the session a long-lived request began with still stands. */
export type SessionStillStands = () => Promise<boolean>;

/**
 * For a long-lived request (the event stream): finds its session once, then tells whether it
 * still stands, reading only. Checking through the guard would count the open stream as the
 * member's activity and keep an idle session alive for ever; this check does not touch it, so
 * the session still ends after 30 idle minutes (staff-session.ts) or when the member signs out.
 */
export function staffSessionWatch(auth: StaffAuth, db: Database) {
  return async (request: FastifyRequest): Promise<SessionStillStands> => {
    const found = await auth.api.getSession({ headers: fetchHeaders(request) });
    const sessionId = found?.session.id;
    return async () => {
      if (!sessionId) return false;
      const [session] = await db
        .select({ updatedAt: staffSessions.updatedAt, expiresAt: staffSessions.expiresAt })
        .from(staffSessions)
        .where(eq(staffSessions.id, sessionId));
      if (!session) return false;
      const now = Date.now();
      return session.expiresAt.getTime() > now && !idleTooLong(session.updatedAt, now);
    };
  };
}
