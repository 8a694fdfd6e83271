// One ticket with its conversation: the whole of it for Customer Relations, and without the
// shop's internal notes for the customer.

import { asc, eq, sql } from "drizzle-orm";
import type {
  CustomerTicket,
  StaffTicket,
  ThreadEntry,
} from "../../../shared/contracts/support-inbox.ts";
import {
  SUPPORT_THREAD_MESSAGES,
  TICKET_ORDERS_MAX,
} from "../../../shared/contracts/support-inbox.ts";
import { DEFAULT_LOCALE, isLocale } from "../../../shared/i18n/locales.ts";
import { type Database, rowsOf, type Transaction } from "../../db/client.ts";
import { notFound } from "../../http/app-error.ts";
import { refundRequestsOfTicket } from "../fulfilment/index.ts";
import { inboxTicketOf, type TicketRow, ticketColumns } from "./inbox.ts";
import { supportMessages } from "./schema.ts";

type Reader = Database | Transaction;

const CUSTOMER_KINDS = new Set<ThreadEntry["kind"]>(["reply", "answer"]);

type FullRow = TicketRow & {
  phone: string;
  message: string;
  updated_by: string;
  locale: string;
  order_facts: StaffTicket["order"];
};

async function ticketRow(db: Reader, reference: string): Promise<FullRow> {
  const result = await db.execute(sql`
    select ${ticketColumns(sql`t.updated_at`)}, t.phone, t.message, t.updated_by, t.locale,
      (select json_build_object('status', o.status, 'totalPaise', o.total_paise,
          'paymentMethod', o.payment_method, 'placedAt', o.placed_at)
        from orders o where o.order_number = t.order_number) as order_facts
    from support_tickets t where t.reference = ${reference}`);
  const row = rowsOf<FullRow>(result)[0];
  if (!row) throw notFound(SUPPORT_THREAD_MESSAGES.noTicket);
  return row;
}

async function threadOf(db: Reader, ticketId: number, customerName: string) {
  const entries = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, ticketId))
    .orderBy(asc(supportMessages.id));
  return entries.map(
    (entry): ThreadEntry => ({
      id: entry.id,
      kind: entry.kind,
      body: entry.body,
      author: entry.kind === "answer" ? customerName : (entry.staffName ?? ""),
      createdAt: entry.createdAt.toISOString(),
    }),
  );
}

const ORDER_NUMBER = /FHH-\d{6}/gi;

/** The store's orders among those the ticket names and those its conversation mentions. */
async function ordersOf(
  db: Reader,
  row: FullRow,
  thread: ThreadEntry[],
): Promise<StaffTicket["orders"]> {
  const written = [row.order_number, row.message, ...thread.map((entry) => entry.body)].join("\n");
  const numbers = [
    ...new Set([...written.matchAll(ORDER_NUMBER)].map(([n]) => n.toUpperCase())),
  ].slice(0, TICKET_ORDERS_MAX);
  if (numbers.length === 0) return [];
  const found = rowsOf<{
    order_number: string;
    status: StaffTicket["orders"][number]["status"];
    total_paise: number;
    payment_method: StaffTicket["orders"][number]["paymentMethod"];
    placed_at: Date | string;
  }>(
    await db.execute(sql`
      select order_number, status, total_paise, payment_method, placed_at from orders
      where order_number in (${sql.join(
        numbers.map((number) => sql`${number}`),
        sql`, `,
      )})`),
  );
  const byNumber = new Map(found.map((order) => [order.order_number, order]));
  return numbers.flatMap((number) => {
    const order = byNumber.get(number);
    if (!order) return [];
    return [
      {
        orderNumber: number,
        status: order.status,
        totalPaise: order.total_paise,
        paymentMethod: order.payment_method,
        placedAt: new Date(order.placed_at).toISOString(),
      },
    ];
  });
}

export async function readStaffTicket(db: Reader, reference: string): Promise<StaffTicket> {
  const row = await ticketRow(db, reference);
  const thread = await threadOf(db, row.id, row.name);
  return {
    ...inboxTicketOf(row),
    phone: row.phone,
    message: row.message,
    updatedBy: row.updated_by,
    locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
    thread,
    order: row.order_facts && {
      ...row.order_facts,
      placedAt: new Date(row.order_facts.placedAt).toISOString(),
    },
    orders: await ordersOf(db, row, thread),
    refundRequests: await refundRequestsOfTicket(db, row.reference),
    now: new Date().toISOString(),
  };
}

/** What the signed link shows: the shop's replies appear under the shop's name. */
export async function readCustomerTicket(db: Reader, reference: string): Promise<CustomerTicket> {
  const row = await ticketRow(db, reference);
  const thread = await threadOf(db, row.id, row.name);
  return {
    reference: row.reference,
    status: row.status,
    queryType: row.query_type,
    name: row.name,
    orderNumber: row.order_number,
    message: row.message,
    createdAt: new Date(row.created_at).toISOString(),
    // Only what the customer is meant to see, numbered by position: the shop's ids would show
    // where notes were written.
    thread: thread
      .filter((entry) => CUSTOMER_KINDS.has(entry.kind))
      .map((entry, index) => ({ ...entry, id: index + 1 })),
  };
}
