// A desk's presence on a ticket: a heartbeat passed to the other desks on the staff event stream
// through the database's NOTIFY (so every store instance's desks hear it), and kept nowhere.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import {
  CUSTOMER_RELATIONS_API as BASE,
  SUPPORT_THREAD_MESSAGES,
  ticketParamSchema,
} from "../../../shared/contracts/support-inbox.ts";
import { presenceBeatSchema } from "../../../shared/contracts/ticket-presence.ts";
import type { Database } from "../../db/client.ts";
import { notFound } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import { notifyStaff } from "../live/index.ts";
import { staffMemberOf, staffRouteParts } from "../staff/index.ts";
import { supportTickets } from "./schema.ts";

const { staff, tags, errors } = staffRouteParts("customer-relations");

/** A sheet beats every 10 s and when its desk starts or stops writing: a few a minute. */
const BEATS_PER_MINUTE = 60;

export function ticketPresenceRoutes(app: App, db: Database) {
  app.post(
    `${BASE}/tickets/:reference/presence`,
    {
      config: { ...staff, rateLimit: { max: BEATS_PER_MINUTE, timeWindow: 60 * 1000 } },
      schema: {
        tags,
        summary: "This window has the ticket open, or is writing a reply (or has closed it)",
        description:
          "Passed to the other Customer Relations windows as a `presence` event on the staff " +
          "event stream; nothing is stored. A window not heard from for 25 s has gone.",
        params: ticketParamSchema,
        body: presenceBeatSchema,
        response: { 204: z.null(), ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { reference } = request.params;
      const member = staffMemberOf(request);
      const [ticket] = await db
        .select({ id: supportTickets.id })
        .from(supportTickets)
        .where(eq(supportTickets.reference, reference));
      if (!ticket) throw notFound(SUPPORT_THREAD_MESSAGES.noTicket);
      await notifyStaff(db, {
        topic: LIVE_TOPICS.ticketPresence,
        dashboards: ["customer-relations"],
        id: reference,
        presence: { ...request.body, member: member.id, name: member.name },
      });
      return reply.code(204).send(null);
    },
  );
}
