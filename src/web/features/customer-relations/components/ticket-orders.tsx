// A ticket that names orders links to them: each link opens the order in the desk's read-only
// view of the customer's orders beside the ticket (decision 48), or, for an order of another
// address, its summary there.
import type { StaffTicket } from "../../../../shared/contracts/support-inbox.ts";
import { RELATIONS_TEXT } from "../texts.ts";

const text = RELATIONS_TEXT.history;

/** The id of an order's entry beside the ticket. */
export const orderEntryId = (orderNumber: string) => `ticket-order-${orderNumber}`;

/** Opens an order's entry beside the ticket, brings it into view and puts the focus on it. */
function showOrder(orderNumber: string) {
  const entry = document.getElementById(orderEntryId(orderNumber));
  if (!entry) return;
  const details = entry.querySelector("details");
  if (details) details.open = true;
  const target = entry.querySelector<HTMLElement>("summary") ?? entry;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: "center" });
}

export function TicketOrderLinks({ ticket }: { ticket: StaffTicket }) {
  if (ticket.orders.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="text-ink-500">{text.ticketOrders}</span>
      {ticket.orders.map((order) => (
        <button
          key={order.orderNumber}
          type="button"
          className="font-semibold text-brand-700 underline underline-offset-2"
          onClick={() => showOrder(order.orderNumber)}
        >
          {text.openOrder(order.orderNumber)}
        </button>
      ))}
    </div>
  );
}
