// The references shoppers quote to the shop: support tickets and bulk-order tickets.

/** SUP- and six digits, like an order number, so it reads well on the phone. */
export const SUPPORT_REFERENCE_PATTERN = /^SUP-\d{6}$/;

/** BOR-, the last six digits of the request's timestamp, -, and a number from 1000 to 9999. */
export const BULK_TICKET_PATTERN = /^BOR-\d{6}-\d{4}$/;

/** `random4` is 1000-9999; it comes from the caller so the server can use a CSPRNG. */
export function bulkTicketId(now: Date, random4: number): string {
  return `BOR-${String(now.getTime()).slice(-6)}-${random4}`;
}
