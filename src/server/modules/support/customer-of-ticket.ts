// Who a ticket is from, and what else the shop knows of them: their orders (read from Sales'
// module) and their other tickets, for the desk to read beside the ticket.
import { sql } from "drizzle-orm";
import type { CustomerHistory } from "../../../shared/contracts/refund-requests.ts";
import { SUPPORT_THREAD_MESSAGES } from "../../../shared/contracts/support-inbox.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { notFound } from "../../http/app-error.ts";
import { type CustomerOfTicket, customerOrders } from "../fulfilment/index.ts";

/** How many of the customer's other tickets the desk sees. */
const EARLIER_TICKETS = 20;

export async function customerOfTicket(db: Database, reference: string): Promise<CustomerOfTicket> {
  const [row] = rowsOf<{ email: string; customer_id: string | null }>(
    await db.execute(
      sql`select email, customer_id from support_tickets where reference = ${reference}`,
    ),
  );
  if (!row) throw notFound(SUPPORT_THREAD_MESSAGES.noTicket);
  return { reference, email: row.email, customerId: row.customer_id };
}

/** The ticket's customer's orders and their other tickets, newest first. */
export async function customerHistory(db: Database, reference: string): Promise<CustomerHistory> {
  const customer = await customerOfTicket(db, reference);
  const tickets = rowsOf<{
    reference: string;
    status: CustomerHistory["tickets"][number]["status"];
    query_type: CustomerHistory["tickets"][number]["queryType"];
    order_number: string;
    created_at: string | Date;
  }>(
    await db.execute(sql`
      select reference, status, query_type, order_number, created_at from support_tickets
      where reference <> ${reference}
        and (lower(email) = lower(${customer.email})
          ${customer.customerId ? sql`or customer_id = ${customer.customerId}` : sql``})
      order by created_at desc, id desc
      limit ${EARLIER_TICKETS}`),
  );
  const [proof] = rowsOf<{ proven: boolean }>(
    await db.execute(sql`
      select (t.customer_id is not null or exists (
          select 1 from support_messages m where m.ticket_id = t.id and m.kind = 'answer'
        )) as proven
      from support_tickets t where t.reference = ${reference}`),
  );
  return {
    emailProven: proof?.proven === true,
    orders: await customerOrders(db, customer),
    tickets: tickets.map((ticket) => ({
      reference: ticket.reference,
      status: ticket.status,
      queryType: ticket.query_type,
      orderNumber: ticket.order_number,
      createdAt: new Date(ticket.created_at).toISOString(),
    })),
  };
}
