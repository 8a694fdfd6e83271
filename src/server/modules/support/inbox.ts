// Customer Relations' inbox: one status at a time, searched and filtered, keyset-paged. Open tickets come most urgent
// first (the reply due soonest, overdue ones before all); waiting and resolved ones by their
// latest change, newest first.
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { QueryType } from "../../../shared/contracts/support.ts";
import {
  INBOX_PAGE,
  type InboxPage,
  type InboxTicket,
  type inboxQuerySchema,
  type TicketStatus,
} from "../../../shared/contracts/support-inbox.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { inboxFilter } from "./inbox-search.ts";

type Query = z.output<typeof inboxQuerySchema>;

/** How much of the customer's latest words the inbox shows. */
const PREVIEW_LENGTH = 160;

export type TicketRow = {
  id: number;
  reference: string;
  status: TicketStatus;
  query_type: QueryType;
  name: string;
  email: string;
  order_number: string;
  order_found: boolean;
  preview: string;
  created_at: Date | string;
  updated_at: Date | string;
  reply_due_at: Date | string | null;
  version: number;
  /** The sort key in microseconds since 1970, for the cursor. */
  sort_micros: string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export function inboxTicketOf(row: TicketRow): InboxTicket {
  return {
    reference: row.reference,
    status: row.status,
    queryType: row.query_type,
    name: row.name,
    email: row.email,
    orderNumber: row.order_number,
    orderFound: row.order_found,
    preview: row.preview,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    replyDueAt: row.reply_due_at === null ? null : iso(row.reply_due_at),
    version: row.version,
  };
}

/** The columns the inbox and a ticket's page share, for the ticket aliased `t`. */
export const ticketColumns = (sortKey: SQL) => sql`
  t.id, t.reference, t.status, t.query_type, t.name, t.email, t.order_number,
  exists (select 1 from orders o where o.order_number = t.order_number) as order_found,
  left(coalesce(
    (select m.body from support_messages m
      where m.ticket_id = t.id and m.kind = 'answer' order by m.id desc limit 1),
    t.message), ${PREVIEW_LENGTH}) as preview,
  t.created_at, t.updated_at, t.reply_due_at, t.version,
  (extract(epoch from ${sortKey}) * 1000000)::bigint::text as sort_micros`;

/** A cursor is the last row's sort time in microseconds and its id. */
function after(query: Query, sortKey: SQL, ascending: boolean): SQL {
  if (!query.cursor) return sql`true`;
  const [micros, id] = query.cursor.split(".");
  const at = sql`to_timestamp(${micros}::bigint / 1000000.0)`;
  return ascending
    ? sql`(${sortKey}, t.id) > (${at}, ${Number(id)})`
    : sql`(${sortKey}, t.id) < (${at}, ${Number(id)})`;
}

export async function listInbox(db: Database, query: Query): Promise<InboxPage> {
  const open = query.status === "open";
  const sortKey = open ? sql`t.reply_due_at` : sql`t.updated_at`;
  const order = open ? sql`t.reply_due_at asc, t.id asc` : sql`t.updated_at desc, t.id desc`;
  const [page, counts] = await Promise.all([
    db.execute(sql`
      select ${ticketColumns(sortKey)}
      from support_tickets t
      where t.status = ${query.status} and ${inboxFilter(query)}
        and ${after(query, sortKey, open)}
      order by ${order}
      limit ${INBOX_PAGE + 1}`),
    db.execute(sql`
      select
        (select count(*) from support_tickets where status = 'open')::int as open,
        (select count(*) from support_tickets
          where status = 'open' and reply_due_at < now())::int as overdue,
        (select count(*) from support_tickets where status = 'waiting')::int as waiting,
        now() as now`),
  ]);
  const rows = rowsOf<TicketRow>(page);
  const more = rows.length > INBOX_PAGE;
  const shown = rows.slice(0, INBOX_PAGE);
  const last = shown.at(-1);
  const totals = rowsOf<{ open: number; overdue: number; waiting: number; now: Date | string }>(
    counts,
  )[0]!;
  return {
    tickets: shown.map(inboxTicketOf),
    nextCursor: more && last ? `${last.sort_micros}.${last.id}` : null,
    now: iso(totals.now),
    counts: { open: totals.open, overdue: totals.overdue, waiting: totals.waiting },
  };
}
