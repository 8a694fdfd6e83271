// The desk's inbox tab and the ticket open on it live in the address
// (`/admin/dashboard/3?status=waiting&ticket=SUP-123456`): a reload keeps them and a link shows a
// colleague the same ticket. What the address cannot mean is left out, never an error.
import { TICKET_STATUSES, type TicketStatus } from "../../../shared/contracts/ticket-statuses.ts";

export type DeskAddress = { status: TicketStatus; ticket: string | undefined };

const DEFAULT_STATUS: TicketStatus = "open";
const REFERENCE = /^SUP-\d{6}$/;

export function readDeskAddress(params: URLSearchParams): DeskAddress {
  const status = params.get("status");
  const ticket = params.get("ticket") ?? "";
  return {
    status: TICKET_STATUSES.find((choice) => choice === status) ?? DEFAULT_STATUS,
    ticket: REFERENCE.test(ticket) ? ticket : undefined,
  };
}

/** The address's query for the desk: only what differs from its default. */
export function deskSearch({ status, ticket }: DeskAddress): URLSearchParams {
  const params = new URLSearchParams();
  if (status !== DEFAULT_STATUS) params.set("status", status);
  if (ticket) params.set("ticket", ticket);
  return params;
}
