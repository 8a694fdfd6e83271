import {
  customerHistorySchema,
  refundRequestInputSchema,
} from "../../../shared/contracts/refund-requests.ts";
import {
  RELATIONS_FIGURES_API,
  relationsFiguresSchema,
} from "../../../shared/contracts/relations-figures.ts";
import {
  CUSTOMER_RELATIONS_API as BASE,
  bulkResolveResultSchema,
  bulkResolveSchema,
  inboxPageSchema,
  inboxQuerySchema,
  staffTicketSchema,
  threadEntrySchema,
  ticketParamSchema,
  ticketVersionSchema,
} from "../../../shared/contracts/support-inbox.ts";
import {
  replyHeadersSchema,
  ticketConflictSchema,
} from "../../../shared/contracts/ticket-changes.ts";
import type { FiguresSource } from "../../db/read-replica.ts";
import type { App } from "../../http/types.ts";
import { askForRefund } from "../fulfilment/index.ts";
import { staffRouteParts } from "../staff/index.ts";
import { resolveTickets } from "./bulk-resolve.ts";
import { customerHistory, customerOfTicket } from "./customer-of-ticket.ts";
import { listInbox } from "./inbox.ts";
import { relationsFigures } from "./relations-figures.ts";
import { moveTicket, noteOnTicket, type ReplyDeps, replyToTicket } from "./ticket-changes.ts";
import { answerChanged, TicketChanged } from "./ticket-conflict.ts";
import { readStaffTicket } from "./ticket-thread.ts";

const { staff, tags, errors } = staffRouteParts("customer-relations");
const noteSchema = threadEntrySchema.pick({ body: true }).strict();

/** Customer Relations' support inbox: the list, a ticket's thread, replies, notes, resolve. */
export function supportInboxRoutes(app: App, deps: ReplyDeps & { figures: FiguresSource }) {
  const { db } = deps;
  const ticket = `${BASE}/tickets/:reference`;

  app.get(
    `${BASE}/tickets`,
    {
      config: staff,
      schema: {
        tags,
        summary: "The inbox: one status, most urgent first, keyset pages, with counts",
        querystring: inboxQuerySchema,
        response: { 200: inboxPageSchema, ...errors },
      },
    },
    async (request) => listInbox(db, request.query),
  );

  app.post(
    `${BASE}/tickets/bulk-resolve`,
    {
      config: staff,
      schema: {
        tags,
        summary:
          "Resolve several tickets, each against the version the member saw; the others are reported",
        body: bulkResolveSchema,
        response: { 200: bulkResolveResultSchema, ...errors },
      },
    },
    async (request) => resolveTickets(db, request, request.body),
  );

  app.get(
    RELATIONS_FIGURES_API,
    {
      config: staff,
      schema: {
        tags,
        summary: "The dashboard's figures: tickets, first replies, feedback, ratings, events",
        response: { 200: relationsFiguresSchema, ...errors },
      },
    },
    async () => relationsFigures(await deps.figures()),
  );

  app.get(
    ticket,
    {
      config: staff,
      schema: {
        tags,
        summary: "One ticket with its whole thread, internal notes included",
        params: ticketParamSchema,
        response: { 200: staffTicketSchema, ...errors },
      },
    },
    async (request) => readStaffTicket(db, request.params.reference),
  );

  app.post(
    `${ticket}/replies`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Reply to the customer: stored in the thread and emailed with the ticket's link",
        description:
          "Sent against the ticket's `version` as the desk saw it: a ticket changed since is " +
          "refused (409) with `change` (what, who, when, and the version to send anyway with). " +
          "An Idempotency-Key per draft makes a repeat of the same reply answer, not send again.",
        params: ticketParamSchema,
        headers: replyHeadersSchema,
        body: threadEntrySchema,
        response: {
          200: staffTicketSchema,
          ...errors,
          409: ticketConflictSchema,
          422: errors[409],
        },
      },
    },
    async (request, reply) => {
      const { reference } = request.params;
      try {
        const outcome = await replyToTicket(
          deps,
          request,
          reference,
          request.body,
          request.headers["idempotency-key"],
        );
        if (outcome === "replayed") reply.header("idempotent-replayed", "true");
      } catch (error) {
        if (error instanceof TicketChanged) return answerChanged(request, reply, error);
        throw error;
      }
      return readStaffTicket(db, reference);
    },
  );

  app.post(
    `${ticket}/notes`,
    {
      config: staff,
      schema: {
        tags,
        summary: "An internal note: seen by the team only",
        params: ticketParamSchema,
        body: noteSchema,
        response: { 200: staffTicketSchema, ...errors },
      },
    },
    async (request) => {
      await noteOnTicket(db, request, request.params.reference, request.body.body);
      return readStaffTicket(db, request.params.reference);
    },
  );

  app.get(
    `${ticket}/customer`,
    {
      config: staff,
      schema: {
        tags,
        summary: "The ticket's customer: their orders and other tickets, read-only",
        params: ticketParamSchema,
        response: { 200: customerHistorySchema, ...errors },
      },
    },
    async (request) => customerHistory(db, request.params.reference),
  );

  app.post(
    `${ticket}/refund-requests`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Ask Sales to refund one of the customer's delivered orders",
        params: ticketParamSchema,
        body: refundRequestInputSchema,
        response: { 200: staffTicketSchema, ...errors },
      },
    },
    async (request) => {
      const { reference } = request.params;
      await askForRefund(db, request, await customerOfTicket(db, reference), request.body);
      return readStaffTicket(db, reference);
    },
  );

  for (const move of ["resolve", "reopen"] as const) {
    app.post(
      `${ticket}/${move}`,
      {
        config: staff,
        schema: {
          tags,
          summary: move === "resolve" ? "Resolve the ticket" : "Reopen the ticket",
          params: ticketParamSchema,
          body: ticketVersionSchema,
          response: { 200: staffTicketSchema, ...errors, 409: ticketConflictSchema },
        },
      },
      async (request, reply) => {
        try {
          await moveTicket(db, request, request.params.reference, move, request.body.version);
        } catch (error) {
          if (error instanceof TicketChanged) return answerChanged(request, reply, error);
          throw error;
        }
        return readStaffTicket(db, request.params.reference);
      },
    );
  }
}
