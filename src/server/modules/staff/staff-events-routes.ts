import { z } from "zod";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import {
  LIVE_MESSAGES,
  MAX_STREAMS_PER_MEMBER,
  STAFF_EVENTS_PATH,
} from "../../../shared/contracts/staff-events.ts";
import { PRESENCE_EVENT } from "../../../shared/contracts/ticket-presence.ts";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import type { StaffEvents } from "../live/index.ts";
import { openEventStream } from "../live/index.ts";
import { staffMemberOf } from "./staff-guard.ts";
import type { StaffSessionWatch } from "./staff-session-watch.ts";

export type StaffEventRoutesDeps = {
  events: StaffEvents;
  /** The session each stream began with, and whether it still stands (staff-session-watch.ts). */
  watchSession: StaffSessionWatch;
  /** How often the open streams' sessions are looked at, all in one query; tests shorten it. */
  sessionCheckMs?: number;
  heartbeatMs?: number;
};

/**
 * A stream ends within about this long of its member signing out, on this instance or another,
 * or of the session being revoked (a password change): one small query a second for all of an
 * instance's open streams, and none while no dashboard is open.
 */
const SESSION_CHECK_MS = 1000;
const HEARTBEAT_MS = 20_000;

/**
 * The open streams' sessions, looked at together: whenever one has gone (signed out, revoked,
 * expired, idle too long), its streams end. A failed look (the database busy for a moment) is
 * not a sign-out: the next one decides.
 */
function sessionSweep(watch: StaffSessionWatch, everyMs: number) {
  const watched = new Map<() => void, string>();
  let timer: NodeJS.Timeout | undefined;
  let sweeping = false;

  async function sweep() {
    if (sweeping) return;
    sweeping = true;
    try {
      const asked = new Set(watched.values());
      const standing = await watch.standing([...asked]).catch(() => undefined);
      if (!standing) return;
      // A stream opened while the query ran is judged by the next one, not by this answer.
      for (const [end, id] of watched) if (asked.has(id) && !standing.has(id)) end();
    } finally {
      sweeping = false;
    }
  }

  return {
    /** Ends the stream (`end`) once its session no longer stands; answers how to stop watching. */
    watch(sessionId: string, end: () => void): () => void {
      watched.set(end, sessionId);
      if (!timer) {
        timer = setInterval(() => void sweep(), everyMs);
        timer.unref();
      }
      return () => {
        watched.delete(end);
        if (watched.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}

export function staffEventRoutes(app: App, deps: StaffEventRoutesDeps) {
  const openPerMember = new Map<string, number>();
  const sessions = sessionSweep(deps.watchSession, deps.sessionCheckMs ?? SESSION_CHECK_MS);
  const open = new Set<() => void>();
  // Open streams never finish by themselves: closing the app ends them, or it would wait forever.
  app.addHook("preClose", (done) => {
    for (const end of [...open]) end();
    done();
  });

  app.get(
    STAFF_EVENTS_PATH,
    {
      config: { staff: "any-member" },
      schema: {
        tags: ["staff"],
        summary: "Live changes for the signed-in member's dashboard (server-sent events)",
        description:
          "A text/event-stream. Each `data:` line is a JSON event `{ topic, dashboards, id? }` for " +
          "the member's own dashboard; the dashboards refetch what depends on the topic. Comment " +
          "lines keep the connection open. The stream ends when the session ends.",
        response: {
          200: z.string().describe("text/event-stream"),
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const member = staffMemberOf(request);
      const sessionId = await deps.watchSession.sessionOf(request);
      // Ended since the guard let it through (signed out in another tab): no stream to open.
      if (!sessionId) throw new AppError("UNAUTHORIZED", LIVE_MESSAGES.sessionEnded);
      // Counted after the last await, so concurrent requests cannot all pass the check above.
      if ((openPerMember.get(member.id) ?? 0) >= MAX_STREAMS_PER_MEMBER) {
        throw new AppError("RATE_LIMITED", LIVE_MESSAGES.tooManyStreams);
      }
      openPerMember.set(member.id, (openPerMember.get(member.id) ?? 0) + 1);

      const stream = openEventStream(reply, { heartbeatMs: deps.heartbeatMs ?? HEARTBEAT_MS });
      const unsubscribe = deps.events.subscribe((event) => {
        if (!event.dashboards.includes(member.role)) return;
        // A desk's presence is news, not a change: pages that refetch on every event skip it.
        stream.send(event, event.presence ? PRESENCE_EVENT : undefined);
      });
      const end = () => stream.end();
      const unwatch = sessions.watch(sessionId, end);
      open.add(end);
      stream.ended.then(() => {
        open.delete(end);
        unsubscribe();
        unwatch();
        const left = (openPerMember.get(member.id) ?? 1) - 1;
        if (left > 0) openPerMember.set(member.id, left);
        else openPerMember.delete(member.id);
      });
    },
  );
}
