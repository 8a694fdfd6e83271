import { inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Database } from "../../db/client.ts";
import { fetchHeaders } from "../auth/index.ts";
import { staffSessions } from "./schema.ts";
import type { StaffAuth } from "./staff-auth.ts";
import { idleTooLong } from "./staff-session.ts";

/**
 * For long-lived requests (the event streams): the session each began with, and which of those
 * still stand, read only. Checking through the guard would count an open stream as the member's
 * activity and keep an idle session alive for ever; this does not touch it, so the session still
 * ends after 30 idle minutes (staff-session.ts) or when the member signs out, anywhere.
 */
export type StaffSessionWatch = {
  /** The id of the session the request carries, or null. */
  sessionOf(request: FastifyRequest): Promise<string | null>;
  /** Of these sessions, the ones that still stand: one query, however many streams ask. */
  standing(sessionIds: readonly string[]): Promise<Set<string>>;
};

export function staffSessionWatch(auth: StaffAuth, db: Database): StaffSessionWatch {
  return {
    async sessionOf(request) {
      const found = await auth.api.getSession({ headers: fetchHeaders(request) });
      return found?.session.id ?? null;
    },
    async standing(sessionIds) {
      if (sessionIds.length === 0) return new Set();
      // Signed out, revoked by a password change or ended on another instance: the row is gone.
      const rows = await db
        .select({
          id: staffSessions.id,
          updatedAt: staffSessions.updatedAt,
          expiresAt: staffSessions.expiresAt,
        })
        .from(staffSessions)
        .where(inArray(staffSessions.id, [...sessionIds]));
      const now = Date.now();
      return new Set(
        rows
          .filter((row) => row.expiresAt.getTime() > now && !idleTooLong(row.updatedAt, now))
          .map((row) => row.id),
      );
    },
  };
}
