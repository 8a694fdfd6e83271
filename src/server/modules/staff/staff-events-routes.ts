import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import {
  LIVE_MESSAGES,
  MAX_STREAMS_PER_MEMBER,
  STAFF_EVENTS_PATH,
} from "../../../shared/contracts/staff-events.ts";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import { openEventStream } from "./event-stream.ts";
import type { StaffEvents } from "./staff-events.ts";
import { staffMemberOf } from "./staff-guard.ts";
import type { SessionStillStands } from "./staff-session-watch.ts";

export type StaffEventRoutesDeps = {
  events: StaffEvents;
  /** Whether the stream's session still stands (not signed out, not idle too long). */
  watchSession: (request: FastifyRequest) => Promise<SessionStillStands>;
  /** How often an open stream looks at its session again; tests shorten it. */
  sessionCheckMs?: number;
  heartbeatMs?: number;
};

const SESSION_CHECK_MS = 60_000;
const HEARTBEAT_MS = 20_000;

export function staffEventRoutes(app: App, deps: StaffEventRoutesDeps) {
  const openPerMember = new Map<string, number>();
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
      const stillSignedIn = await deps.watchSession(request);
      // Counted after the last await, so concurrent requests cannot all pass the check above.
      if ((openPerMember.get(member.id) ?? 0) >= MAX_STREAMS_PER_MEMBER) {
        throw new AppError("RATE_LIMITED", LIVE_MESSAGES.tooManyStreams);
      }
      openPerMember.set(member.id, (openPerMember.get(member.id) ?? 0) + 1);

      const stream = openEventStream(reply, { heartbeatMs: deps.heartbeatMs ?? HEARTBEAT_MS });
      const unsubscribe = deps.events.subscribe((event) => {
        if (event.dashboards.includes(member.role)) stream.send(event);
      });
      const sessionCheck = setInterval(async () => {
        // A failed check (the database busy for a moment) is not a sign-out: look again later.
        const signedIn = await stillSignedIn().catch(() => true);
        if (!signedIn) stream.end();
      }, deps.sessionCheckMs ?? SESSION_CHECK_MS);
      sessionCheck.unref();

      const end = () => stream.end();
      open.add(end);
      stream.ended.then(() => {
        open.delete(end);
        unsubscribe();
        clearInterval(sessionCheck);
        const left = (openPerMember.get(member.id) ?? 1) - 1;
        if (left > 0) openPerMember.set(member.id, left);
        else openPerMember.delete(member.id);
      });
    },
  );
}
