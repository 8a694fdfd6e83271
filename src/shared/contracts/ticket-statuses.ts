// Where a support ticket stands, and what each state reads as. Apart from the inbox's schemas
// (support-inbox.ts), so a page can list tickets without loading zod.

export const TICKET_STATUSES = ["open", "waiting", "resolved"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: /*i18n*/ "Open",
  waiting: /*i18n*/ "Waiting on customer",
  resolved: /*i18n*/ "Resolved",
};
