// The desk's inbox tab, its search and filters, and the ticket open on it live in the address
// (`/admin/dashboard/3?status=waiting&q=FHH-123456&type=refund_request&age=day&ticket=SUP-123456`):
// a reload keeps them and a link shows a colleague the same tickets. What the address cannot mean
// is left out, never an error.
import { QUERY_TYPES, type QueryType } from "../../../shared/contracts/support-form.ts";
import { TICKET_AGES, type TicketAge } from "../../../shared/contracts/support-inbox.ts";
import { TICKET_STATUSES, type TicketStatus } from "../../../shared/contracts/ticket-statuses.ts";
import { MAX_SEARCH_LENGTH } from "../../../shared/rules/product-filters.ts";

export type DeskFilters = { q: string; type: QueryType | ""; age: TicketAge | "" };
export type DeskAddress = DeskFilters & { status: TicketStatus; ticket: string | undefined };

const DEFAULT_STATUS: TicketStatus = "open";
const REFERENCE = /^SUP-\d{6}$/;
export const NO_FILTERS: DeskFilters = { q: "", type: "", age: "" };

const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | undefined =>
  choices.find((choice) => choice === value);

export function readDeskAddress(params: URLSearchParams): DeskAddress {
  const ticket = params.get("ticket") ?? "";
  return {
    status: oneOf(TICKET_STATUSES, params.get("status")) ?? DEFAULT_STATUS,
    q: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    type: oneOf(QUERY_TYPES, params.get("type")) ?? "",
    age: oneOf(TICKET_AGES, params.get("age")) ?? "",
    ticket: REFERENCE.test(ticket) ? ticket : undefined,
  };
}

/** The address's query for the desk: only what differs from its default. */
export function deskSearch({ status, q, type, age, ticket }: DeskAddress): URLSearchParams {
  const params = new URLSearchParams();
  if (status !== DEFAULT_STATUS) params.set("status", status);
  if (q.trim()) params.set("q", q.trim());
  if (type) params.set("type", type);
  if (age) params.set("age", age);
  if (ticket) params.set("ticket", ticket);
  return params;
}
