import type { FastifyRequest } from "fastify";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import {
  type SupportRequest,
  supportReceiptSchema,
  supportRequestSchema,
} from "../../../shared/contracts/support.ts";
import {
  customerAnswerSchema,
  customerTicketSchema,
  myTicketsSchema,
  SUPPORT_THREAD_MESSAGES,
  ticketParamSchema,
  ticketTokenQuerySchema,
} from "../../../shared/contracts/support-inbox.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { requestLocale } from "../../http/request-locale.ts";
import type { App } from "../../http/types.ts";
import { signedInCustomerOf } from "../auth/index.ts";
import type { RecipientLimit } from "../mail/index.ts";
import { myTickets } from "./my-tickets.ts";
import { openSupportTicket } from "./open-ticket.ts";
import { answerTicket } from "./ticket-changes.ts";
import { isTicketToken } from "./ticket-link.ts";
import { readCustomerTicket } from "./ticket-thread.ts";

/** A conversation, not a flood: answers through the signed link, per address. */
const ANSWERS_PER_IP_PER_HOUR = 30;

export function supportRoutes(
  app: App,
  deps: {
    db: Database;
    currentCustomer: (request: FastifyRequest) => Promise<string | null>;
    /** Limits the acknowledgements one address receives. */
    recipientLimit: RecipientLimit;
    publicUrl: string;
    /** The key of the tickets' signed links (ticket-link.ts). */
    linkKey: string;
    /**
     * Tickets one address may open an hour (SUPPORT_TICKETS_PER_ADDRESS_PER_HOUR): room for a
     * follow-up or two, not for filling the team's queue.
     */
    ticketsPerHour: number;
  },
) {
  const links = { publicUrl: deps.publicUrl, key: deps.linkKey };
  /** The signed link opens exactly its own ticket, until it expires. */
  const requireLink = (reference: string, token: string) => {
    if (!isTicketToken(deps.linkKey, reference, token)) {
      throw new AppError("FORBIDDEN", SUPPORT_THREAD_MESSAGES.badLink);
    }
  };

  app.post(
    "/api/support/tickets",
    {
      config: {
        customer: "anyone",
        rateLimit: { max: deps.ticketsPerHour, timeWindow: 60 * 60 * 1000 },
      },
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
        { customerId: await deps.currentCustomer(request), locale: requestLocale(request) },
        links,
      );
      return reply.code(201).send(receipt);
    },
  );

  app.get(
    "/api/support/tickets/:reference",
    {
      config: { customer: "anyone" },
      schema: {
        tags: ["support"],
        summary: "A ticket's conversation, opened with the signed link from its emails",
        params: ticketParamSchema,
        querystring: ticketTokenQuerySchema,
        response: { 200: customerTicketSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      requireLink(request.params.reference, request.query.token);
      return readCustomerTicket(deps.db, request.params.reference);
    },
  );

  app.post(
    "/api/support/tickets/:reference/answers",
    {
      config: {
        customer: "anyone",
        rateLimit: { max: ANSWERS_PER_IP_PER_HOUR, timeWindow: 60 * 60 * 1000 },
      },
      schema: {
        tags: ["support"],
        summary: "The customer answers in the thread; the ticket opens again for the team",
        params: ticketParamSchema,
        body: customerAnswerSchema,
        response: {
          200: customerTicketSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      requireLink(request.params.reference, request.body.token);
      await answerTicket(deps.db, request.params.reference, request.body.body);
      return readCustomerTicket(deps.db, request.params.reference);
    },
  );

  app.get(
    "/api/support/my-tickets",
    {
      config: { customer: { signedIn: "messages" } },
      schema: {
        tags: ["support"],
        summary: "The signed-in customer's tickets, newest first, each with a link that opens it",
        response: { 200: myTicketsSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const customerId = signedInCustomerOf(request);
      return myTickets(deps.db, customerId, deps.linkKey);
    },
  );
}
