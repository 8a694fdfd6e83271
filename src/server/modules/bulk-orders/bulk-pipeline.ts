// Customer Relations' bulk orders: the pipeline (one status, or all active ones, nearest event
// first, with days left and the 48-hour flag) and a request in full with its money.

import { asc, eq, sql } from "drizzle-orm";
import {
  BULK_PIPELINE_MESSAGES,
  PIPELINE_PAGE,
  type PipelineItem,
  type PipelinePage,
  type PipelineQuery,
  type StaffBulkOrder,
} from "../../../shared/contracts/bulk-pipeline.ts";
import { DEFAULT_LOCALE, isLocale } from "../../../shared/i18n/locales.ts";
import { shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import {
  BULK_STATUSES,
  type BulkStatus,
  isBulkUrgent,
} from "../../../shared/rules/bulk-order-status.ts";
import { refundStateOf } from "../../../shared/rules/refund-state.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { notFound } from "../../http/app-error.ts";
import { payments, refunds } from "../payments/schema.ts";
import type { BulkOrderRow } from "./bulk-order-access.ts";
import { loadBulkOrderView } from "./bulk-order-view.ts";
import { eventOrderNumber } from "./event-order-number.ts";
import { bulkOrders } from "./schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from the shop's today to the event, and hours to the start of its day in India. */
function timing(deliveryDate: string, now: Date) {
  const today = shopDate(now);
  const daysLeft = Math.round((Date.parse(deliveryDate) - Date.parse(today)) / DAY_MS);
  const eventStart = Date.parse(`${deliveryDate}T00:00:00+05:30`);
  return { daysLeft, hoursToEvent: (eventStart - now.getTime()) / (60 * 60 * 1000) };
}

function itemOf(row: BulkOrderRow, now: Date): PipelineItem {
  const { daysLeft, hoursToEvent } = timing(row.deliveryDate, now);
  return {
    ticketId: row.ticketId,
    status: row.status as BulkStatus,
    name: row.name,
    eventType: row.eventType as PipelineItem["eventType"],
    location: row.location,
    deliveryDate: row.deliveryDate,
    daysLeft,
    urgent: isBulkUrgent(row.status as BulkStatus, hoursToEvent),
    quotePaise: row.quotePaise,
    codRequested: row.codRequested,
    version: row.version,
  };
}

export async function listPipeline(
  db: Database,
  query: Required<PipelineQuery>,
  now = new Date(),
): Promise<PipelinePage> {
  const where =
    query.status === "active"
      ? sql`${bulkOrders.status} not in ('delivered', 'cancelled')`
      : sql`${bulkOrders.status} = ${query.status}`;
  // Past events first only among the finished ones: what is still to come is what needs work.
  const finished = query.status === "delivered" || query.status === "cancelled";
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(bulkOrders)
      .where(where)
      .orderBy(
        finished ? sql`${bulkOrders.deliveryDate} desc` : asc(bulkOrders.deliveryDate),
        asc(bulkOrders.id),
      )
      .limit(PIPELINE_PAGE + 1),
    db
      .select({ status: bulkOrders.status, count: sql<number>`count(*)::int` })
      .from(bulkOrders)
      .groupBy(bulkOrders.status),
  ]);
  const tally = Object.fromEntries(BULK_STATUSES.map((status) => [status, 0])) as Record<
    BulkStatus,
    number
  >;
  for (const row of counts) tally[row.status as BulkStatus] = Number(row.count);
  return {
    orders: rows.slice(0, PIPELINE_PAGE).map((row) => itemOf(row, now)),
    counts: tally,
    more: rows.length > PIPELINE_PAGE,
  };
}

export async function findBulkRow(db: Database | Transaction, ticketId: string) {
  const [row] = await db.select().from(bulkOrders).where(eq(bulkOrders.ticketId, ticketId));
  if (!row) throw notFound(BULK_PIPELINE_MESSAGES.noRequest(ticketId));
  return row;
}

export async function readStaffBulkOrder(
  db: Database | Transaction,
  ticketId: string,
  now = new Date(),
): Promise<StaffBulkOrder> {
  const row = await findBulkRow(db, ticketId);
  const [view, paid, returned, eventOrder] = await Promise.all([
    loadBulkOrderView(db, row),
    db.select().from(payments).where(eq(payments.bulkOrderId, row.id)).orderBy(asc(payments.id)),
    db.select().from(refunds).where(eq(refunds.bulkOrderId, row.id)).orderBy(asc(refunds.id)),
    eventOrderNumber(db, ticketId),
  ]);
  const { daysLeft, urgent } = itemOf(row, now);
  return {
    ...view,
    version: row.version,
    eventOrderNumber: eventOrder,
    updatedBy: row.updatedBy,
    locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
    daysLeft,
    urgent,
    quoteNotes: row.quoteNotes,
    cancelReason: row.cancelReason,
    feePaise: row.feePaise,
    refundPaise: row.refundPaise,
    payments: paid
      .filter((payment) => payment.status !== "failed")
      .map((payment) => ({
        method: payment.method,
        status: payment.status,
        amountPaise: payment.amountPaise,
        summary: payment.instrumentSummary,
        at: payment.createdAt.toISOString(),
      })),
    refunds: returned.map((refund) => ({
      amountPaise: refund.amountPaise,
      state: refundStateOf(refund),
      reason: refund.reason,
      at: refund.createdAt.toISOString(),
    })),
  };
}
