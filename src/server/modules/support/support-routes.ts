import type { FastifyRequest } from "fastify";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import {
  type SupportRequest,
  supportReceiptSchema,
  supportRequestSchema,
} from "../../../shared/contracts/support.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import type { RecipientLimit } from "../mail/recipient-limit.ts";
import { openSupportTicket } from "./open-ticket.ts";

/** Room for a follow-up or two, not for filling the team's queue. */
const TICKETS_PER_IP_PER_HOUR = 10;

export function supportRoutes(
  app: App,
  deps: {
    db: Database;
    currentCustomer: (request: FastifyRequest) => Promise<string | null>;
    /** Called after a ticket commits, so its email goes out now rather than at the next poll. */
    afterOpened?: () => void;
    /** Limits the acknowledgements one address receives. */
    recipientLimit: RecipientLimit;
  },
) {
  app.post(
    "/api/support/tickets",
    {
      config: { rateLimit: { max: TICKETS_PER_IP_PER_HOUR, timeWindow: 60 * 60 * 1000 } },
      preHandler: deps.recipientLimit.preHandler<SupportRequest>((body) => body.email),
      schema: {
        tags: ["support"],
        summary: "Send the contact form: a support ticket, acknowledged by email",
        body: supportRequestSchema,
        response: { 201: supportReceiptSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const receipt = await openSupportTicket(
        deps.db,
        request.body,
        await deps.currentCustomer(request),
      );
      deps.afterOpened?.();
      return reply.code(201).send(receipt);
    },
  );
}
