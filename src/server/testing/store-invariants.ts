// What must hold in a store's database after anything (a crash, an outage, a race between
// instances), checked against what the shoppers were told. Each invariant names the rows that
// break it, so a failed fault run says which order or product to look at, not just "false".
//
// Only what happened after a baseline counts (takeBaseline, before the load starts): the run's
// orders are those with a larger id, its ledger rows, payments and emails likewise, so the
// checker works on a store that already had orders.
import { type SQL, sql } from "drizzle-orm";
import { quoteBreakdown } from "../../shared/rules/bulk-quote.ts";
import { type DatabaseHandle, rowsOf } from "../db/client.ts";

/** Anything queries can run on: a store's DatabaseHandle, or a test's open transaction. */
type Queryable = { execute: DatabaseHandle["db"]["execute"] };

export type StoreBaseline = {
  /** Each product's stock when the run began. */
  stock: Map<string, number>;
  /** The last row of each table before the run: the run's rows are the ones after. */
  lastOrderId: number;
  lastMovementId: number;
  lastPaymentId: number;
  lastMailId: number;
};

export type AcknowledgedOrder = {
  orderNumber: string;
  /** The Idempotency-Key the 201 answered. */
  key: string;
  /** What the shopper asked for: compared with the order's lines when given. */
  items?: { productId: string; quantity: number }[];
  totalPaise?: number;
};

/** A payment the provider captured for a shopper (its signed answer), whatever the store said. */
export type CapturedPayment = {
  orderNumber: string;
  providerOrderId: string;
  paymentId: string;
  /** The store answered the shopper's report with the order paid (200, or 202 then read paid). */
  accepted: boolean;
};

/** What the load generator recorded: the checker holds the database to it. */
export type LoadRecord = {
  baseline: StoreBaseline;
  acknowledged: AcknowledgedOrder[];
  captured: CapturedPayment[];
  /** Orders whose staff cancel was answered 200. */
  staffCancelled?: string[];
  /**
   * Keys a shopper sent but never heard back on (it gave up): an order written under one is
   * one nobody was told about, which is allowed; under any other key it is not.
   */
  unansweredKeys?: string[];
};

/** One row breaking an invariant: the order number or product it is about, and how. */
export type Offence = { subject: string; problem: string };

export type InvariantId =
  | "acknowledged-orders-present"
  | "no-unacknowledged-orders"
  | "stock-conserved"
  | "ledger-accounts-for-stock"
  | "order-numbers-unique"
  | "paid-orders-verified"
  | "no-double-refunds"
  | "staff-cancels-complete"
  | "order-emails-in-outbox"
  | "delivered-refunds-complete"
  | "bulk-quotes-match-lines"
  | "bulk-payments-agree"
  | "lots-hold-stock";

export type InvariantResult = {
  id: InvariantId;
  name: string;
  pass: boolean;
  /** What was checked, when it passed; how many offences, when it did not. */
  detail: string;
  offences: Offence[];
};

export type InvariantReport = {
  pass: boolean;
  invariants: InvariantResult[];
  /** Counts from the database, for a report's context. */
  facts: Record<string, number>;
};

const NAMES: Record<InvariantId, string> = {
  "acknowledged-orders-present":
    "every acknowledged order (201) is in the database with its lines, total and key",
  "no-unacknowledged-orders": "no order the shopper was not told about, and no key with two orders",
  "stock-conserved":
    "stock + sold = initial stock (+ receipts, write-offs and counts), for every product",
  "ledger-accounts-for-stock":
    "the stock ledger accounts for every change to the shelf and every order's lines",
  "order-numbers-unique": "no duplicate order numbers",
  "paid-orders-verified":
    "every paid order's payment is one the provider captured, and every accepted payment is paid",
  "no-double-refunds": "no payment refunded twice or beyond what was paid",
  "staff-cancels-complete":
    "every staff cancel left the order cancelled, its stock back, a paid one refunded in full once",
  "order-emails-in-outbox":
    "every order that was placed has its one confirmation email in the outbox (and a cancelled one its cancellation)",
  "delivered-refunds-complete":
    "every refund after delivery has its credit note, its ledger rows and its money back, and no line gives back more than it was sold for",
  "bulk-quotes-match-lines":
    "every event order's quote, advance and stock outlook are its catalogue lines priced by the shared rule",
  "bulk-payments-agree":
    "every event order's refunds go back to its own charges and never beyond them, and before its day no planner has paid more than the advance of the order as it now stands",
  "lots-hold-stock":
    "every product's stock is the sum of its lots, every ledger row moved exactly its quantity in lots (every unit sold came from a lot), and every lot holds what its moves left",
};

/** Kept per invariant: enough to find the fault, not a copy of a broken table. */
const MAX_OFFENCES = 200;

/** The numbers the store gives orders (order-number.ts). */
const ORDER_NUMBER = /FHH-\d{6}/;
/** Subjects of the confirmation (order-email.tsx) and cancellation (order-status-email.ts). */
const CONFIRMATION = /received your .* order/;
const CANCELLATION = /has been cancelled/;

async function rows<T>(db: Queryable, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Where the store stands before a run: taken with nothing in flight. */
export async function takeBaseline(database: { db: Queryable }): Promise<StoreBaseline> {
  const { db } = database;
  const stock = await rows<{ id: string; stock: number }>(
    db,
    sql`select id, stock from products order by id`,
  );
  const [last] = await rows<Record<string, number | string | null>>(
    db,
    sql`select (select max(id) from orders) as orders,
      (select max(id) from stock_movements) as movements,
      (select max(id) from payments) as payments,
      (select max(id) from mail_outbox) as mails`,
  );
  return {
    stock: new Map(stock.map((row) => [row.id, Number(row.stock)])),
    lastOrderId: Number(last?.orders ?? 0),
    lastMovementId: Number(last?.movements ?? 0),
    lastPaymentId: Number(last?.payments ?? 0),
    lastMailId: Number(last?.mails ?? 0),
  };
}

type OrderRow = {
  id: number;
  order_number: string;
  status: string;
  payment_status: string;
  payment_method: string;
  cancel_reason: string | null;
  total_paise: number;
  email: string;
};
type LineRow = {
  order_id: number;
  product_id: string;
  quantity: number;
  ordered_quantity: number | null;
  /** The scale's reading of a weighed line: what left the shelf, maybe more than is charged. */
  packed_quantity: number | null;
};

/** What a line took from the shelf: all that was packed, whatever it is charged. */
const takenBy = (line: LineRow) => line.packed_quantity ?? line.quantity;
type MovementRow = { product_id: string; kind: string; quantity: number; order_id: number | null };
type PaymentRow = {
  id: number;
  order_id: number | null;
  method: string;
  status: string;
  amount_paise: number;
  transaction_id: string | null;
  provider_order_id: string | null;
  idempotency_key: string | null;
};
type RefundRow = {
  order_id: number;
  reference: string;
  transaction_id: string;
  amount_paise: number;
  state: string;
};
type MailRow = { to_address: string; subject: string };
type DeliveredRefundRow = {
  id: number;
  order_id: number;
  goods: string;
  paid_back_by: string | null;
  delivery_fee_paise: number;
  total_paise: number;
  credit_note_number: string;
  lines: { productId: string; quantity: number; taxablePaise: number; gstPaise: number }[];
  /** Its credit note's total, or null when there is no such note of this order. */
  note_total: number | null;
  /** The provider refund it owes back, or null. */
  owed_paise: number | null;
};
type OrderMoneyRow = {
  id: number;
  delivery_fee_paise: number;
  lines: {
    product_id: string;
    quantity: number;
    ordered_quantity: number | null;
    taxable_paise: number;
    gst_paise: number;
  }[];
};

type BulkQuoteRow = {
  ticket_id: string;
  quote_paise: number;
  advance_paise: number;
  discount_percent: number;
  delivery_charge_paise: number;
  lines: {
    product_id: string;
    gst_rate_bps: number;
    list_price_paise: number;
    unit_price_paise: number;
    quantity: number;
    unit: string;
    taxable_paise: number;
    gst_paise: number;
  }[];
};

/** An event order that took money, with its charges and what was owed back. */
type BulkMoneyRow = {
  ticket_id: string;
  status: string;
  advance_paise: number;
  fee_paise: number;
  /** Placed on the board, or approved for cash on delivery: the advance rule no longer applies. */
  settled_elsewhere: boolean;
  payments: { transaction_id: string | null; amount_paise: number; status: string }[];
  refunds: { transaction_id: string; amount_paise: number; reference: string }[];
};

/** The run's rows, read once; every check works from these. */
type Snapshot = {
  orders: OrderRow[];
  lines: LineRow[];
  movements: MovementRow[];
  payments: PaymentRow[];
  refunds: RefundRow[];
  mails: MailRow[];
  deliveredRefunds: DeliveredRefundRow[];
  /** The lines and delivery fee of the orders those refunds are of. */
  refundedOrders: OrderMoneyRow[];
  stock: Map<string, number>;
  /** Every event order quoted from catalogue lines, with its lines as stored. */
  bulkQuotes: BulkQuoteRow[];
  bulkMoney: BulkMoneyRow[];
  duplicateNumbers: { order_number: string; n: number }[];
  /** Products, ledger rows and lots whose lots do not add up (empty when they all do). */
  lotGaps: { subject: string; problem: string }[];
  lotCount: number;
};

async function readSnapshot(db: Queryable, baseline: StoreBaseline): Promise<Snapshot> {
  const after = baseline.lastOrderId;
  // One after another: inside a caller's transaction they share one connection.
  const orders = await rows<OrderRow>(
    db,
    sql`select id, order_number, status, payment_status, payment_method, cancel_reason,
        total_paise, email from orders where id > ${after} order by id`,
  );
  const lines = await rows<LineRow>(
    db,
    sql`select order_id, product_id, quantity, ordered_quantity, packed_quantity from order_lines
        where order_id > ${after}`,
  );
  const movements = await rows<MovementRow>(
    db,
    sql`select product_id, kind, quantity, order_id from stock_movements
        where id > ${baseline.lastMovementId}`,
  );
  // A deleted order's payment stays with no order (on delete set null): kept to say so.
  const payments = await rows<PaymentRow>(
    db,
    sql`select id, order_id, method, status, amount_paise, transaction_id, provider_order_id,
        idempotency_key from payments
        where order_id > ${after} or (order_id is null and bulk_order_id is null
          and id > ${baseline.lastPaymentId})`,
  );
  const refunds = await rows<RefundRow>(
    db,
    sql`select order_id, reference, transaction_id, amount_paise, state from refunds
        where order_id > ${after}`,
  );
  const mails = await rows<MailRow>(
    db,
    sql`select to_address, subject from mail_outbox where id > ${baseline.lastMailId}`,
  );
  const deliveredRefunds = await rows<DeliveredRefundRow>(
    db,
    sql`select d.id, d.order_id, d.goods, d.paid_back_by, d.delivery_fee_paise, d.total_paise,
        d.credit_note_number, d.lines,
        (select c.total_paise from credit_notes c
          where c.number = d.credit_note_number and c.order_id = d.order_id) as note_total,
        (select sum(r.amount_paise) from refunds r
          where r.reference = 'order-' || d.order_id || '-refund-' || d.id) as owed_paise
        from delivered_refunds d where d.order_id > ${after}`,
  );
  const refundedOrders = await rows<OrderMoneyRow>(
    db,
    sql`select o.id, o.delivery_fee_paise,
        (select json_agg(json_build_object('product_id', l.product_id, 'quantity', l.quantity,
          'ordered_quantity', l.ordered_quantity, 'taxable_paise', l.taxable_paise, 'gst_paise', l.gst_paise))
          from order_lines l where l.order_id = o.id) as lines
        from orders o
        where o.id in (select order_id from delivered_refunds where order_id > ${after})`,
  );
  const stock = await rows<{ id: string; stock: number }>(db, sql`select id, stock from products`);
  // In grams or units alike: exact integers, compared exactly.
  const lotGaps = await rows<{ subject: string; problem: string }>(
    db,
    sql`select p.id as subject,
          'stock ' || p.stock || ' but its lots hold ' || coalesce(l.held, 0) as problem
        from products p
        left join (select product_id, sum(remaining) as held from stock_lots group by 1) l
          on l.product_id = p.id
        where p.stock <> coalesce(l.held, 0)
      union all
      select s.product_id, 'ledger row ' || s.id || ' (' || s.kind || ') moved ' || s.quantity
          || ' but its lots moved ' || coalesce(sum(m.quantity), 0)
        from stock_movements s
        left join stock_lot_moves m on m.product_id = s.product_id and m.movement_id = s.id
        where s.id > ${baseline.lastMovementId}
        group by s.product_id, s.id, s.kind, s.quantity
        having s.quantity <> coalesce(sum(m.quantity), 0)
      union all
      select l.product_id, 'lot ' || l.id || ' holds ' || l.remaining || ' but its moves leave '
          || (case when l.source = 'unrecorded' then l.received else 0 end
            + coalesce(sum(m.quantity), 0))
        from stock_lots l left join stock_lot_moves m on m.lot_id = l.id
        group by l.id
        having l.remaining <> (case when l.source = 'unrecorded' then l.received else 0 end
          + coalesce(sum(m.quantity), 0))`,
  );
  const [lotCount] = await rows<{ n: number }>(
    db,
    sql`select count(*)::integer as n from stock_lots`,
  );
  // Quotes are checked whenever they were made: a quote must always be its lines.
  const bulkQuotes = await rows<BulkQuoteRow & { lines: BulkQuoteRow["lines"] | string | null }>(
    db,
    sql`select b.ticket_id, b.quote_paise, b.advance_paise, b.discount_percent,
        b.delivery_charge_paise,
        (select json_agg(json_build_object('product_id', l.product_id,
          'gst_rate_bps', l.gst_rate_bps, 'list_price_paise', l.list_price_paise,
          'unit_price_paise', l.unit_price_paise, 'quantity', l.quantity, 'unit', l.unit,
          'taxable_paise', l.taxable_paise, 'gst_paise', l.gst_paise) order by l.position)
          from bulk_order_lines l where l.bulk_order_id = b.id) as lines
        from bulk_orders b where b.delivery_charge_paise is not null`,
  );
  const bulkMoney = await rows<BulkMoneyRow>(
    db,
    sql`select b.ticket_id, b.status, b.advance_paise, coalesce(b.fee_paise, 0) as fee_paise,
        (exists (select 1 from orders o where o.event_ticket = b.ticket_id)
          or exists (select 1 from payments p where p.bulk_order_id = b.id
            and p.method = 'cash_on_delivery')) as settled_elsewhere,
        (select json_agg(json_build_object('transaction_id', p.transaction_id,
          'amount_paise', p.amount_paise, 'status', p.status))
          from payments p where p.bulk_order_id = b.id
            and p.status in ('paid', 'refunded')) as payments,
        coalesce((select json_agg(json_build_object('transaction_id', r.transaction_id,
          'amount_paise', r.amount_paise, 'reference', r.reference))
          from refunds r where r.bulk_order_id = b.id), '[]') as refunds
        from bulk_orders b
        where exists (select 1 from payments p where p.bulk_order_id = b.id
          and p.status in ('paid', 'refunded'))`,
  );
  const duplicateNumbers = await rows<{ order_number: string; n: number }>(
    db,
    sql`select order_number, count(*)::int as n from orders
        group by order_number having count(*) > 1`,
  );
  return {
    orders: orders.map((row) => ({ ...row, id: Number(row.id), total_paise: +row.total_paise })),
    lines: lines.map((row) => ({
      ...row,
      order_id: Number(row.order_id),
      quantity: Number(row.quantity),
      ordered_quantity: row.ordered_quantity === null ? null : Number(row.ordered_quantity),
      packed_quantity: row.packed_quantity === null ? null : Number(row.packed_quantity),
    })),
    movements: movements.map((row) => ({
      ...row,
      quantity: Number(row.quantity),
      order_id: row.order_id === null ? null : Number(row.order_id),
    })),
    payments: payments.map((row) => ({
      ...row,
      id: Number(row.id),
      order_id: row.order_id === null ? null : Number(row.order_id),
      amount_paise: Number(row.amount_paise),
    })),
    refunds: refunds.map((row) => ({
      ...row,
      order_id: Number(row.order_id),
      amount_paise: Number(row.amount_paise),
    })),
    mails,
    deliveredRefunds: deliveredRefunds.map((row) => ({
      ...row,
      id: Number(row.id),
      order_id: Number(row.order_id),
      delivery_fee_paise: Number(row.delivery_fee_paise),
      total_paise: Number(row.total_paise),
      note_total: row.note_total === null ? null : Number(row.note_total),
      owed_paise: row.owed_paise === null ? null : Number(row.owed_paise),
    })),
    refundedOrders: refundedOrders.map((row) => ({ ...row, id: Number(row.id) })),
    stock: new Map(stock.map((row) => [row.id, Number(row.stock)])),
    bulkQuotes: bulkQuotes.map((row) => ({
      ...row,
      quote_paise: Number(row.quote_paise),
      advance_paise: Number(row.advance_paise),
      discount_percent: Number(row.discount_percent),
      delivery_charge_paise: Number(row.delivery_charge_paise),
      lines: (typeof row.lines === "string"
        ? JSON.parse(row.lines)
        : (row.lines ?? [])) as BulkQuoteRow["lines"],
    })),
    bulkMoney: bulkMoney.map((row) => {
      const parsed = <T>(value: T | string) =>
        (typeof value === "string" ? JSON.parse(value) : value) as T;
      return {
        ...row,
        advance_paise: Number(row.advance_paise),
        fee_paise: Number(row.fee_paise),
        payments: parsed(row.payments).map((payment) => ({
          ...payment,
          amount_paise: Number(payment.amount_paise),
        })),
        refunds: parsed(row.refunds).map((refund) => ({
          ...refund,
          amount_paise: Number(refund.amount_paise),
        })),
      };
    }),
    duplicateNumbers,
    lotGaps,
    lotCount: Number(lotCount?.n ?? 0),
  };
}

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const add = (map: Map<string, number>, key: string, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value);

/** Orders that were placed at some point: paid, cash, or cancelled by staff after that. */
const wasPlaced = (order: OrderRow) =>
  order.status !== "awaiting_payment" && order.cancel_reason !== "unpaid";

const ONLINE_PAID = new Set(["paid", "refunded"]);

/** Checks every invariant; never throws on a broken store (that is what it reports). */
export async function checkStoreInvariants(
  database: { db: Queryable },
  record: LoadRecord,
): Promise<InvariantReport> {
  const snapshot = await readSnapshot(database.db, record.baseline);
  const context = new Context(snapshot, record);
  const results: InvariantResult[] = [
    acknowledgedOrdersPresent(context),
    noUnacknowledgedOrders(context),
    stockConserved(context),
    ledgerAccountsForStock(context),
    orderNumbersUnique(context),
    paidOrdersVerified(context),
    noDoubleRefunds(context),
    staffCancelsComplete(context),
    orderEmailsInOutbox(context),
    deliveredRefundsComplete(context),
    bulkQuotesMatchLines(context),
    bulkPaymentsAgree(context),
    lotsHoldStock(context),
  ];
  const { orders, lines, refunds, mails } = snapshot;
  return {
    pass: results.every((result) => result.pass),
    invariants: results,
    facts: {
      orders: orders.length,
      placed: orders.filter(wasPlaced).length,
      awaitingPayment: orders.filter((order) => order.status === "awaiting_payment").length,
      cancelled: orders.filter((order) => order.status === "cancelled").length,
      paidOnline: orders.filter(
        (order) => order.payment_method !== "cash" && ONLINE_PAID.has(order.payment_status),
      ).length,
      unitsInOrders: lines.reduce((sum, line) => sum + line.quantity, 0),
      refunds: refunds.length,
      refundsStillOwed: refunds.filter((refund) => refund.state !== "done").length,
      refundsAfterDelivery: snapshot.deliveredRefunds.length,
      emails: mails.length,
    },
  };
}

/** The snapshot indexed the ways the checks look it up. */
class Context {
  readonly orderByNumber: Map<string, OrderRow>;
  readonly orderById: Map<number, OrderRow>;
  readonly linesByOrder: Map<number, LineRow[]>;
  readonly paymentsByOrder: Map<number, PaymentRow[]>;
  readonly refundsByOrder: Map<number, RefundRow[]>;
  readonly mailsByNumber: Map<string, MailRow[]>;
  readonly acknowledgedNumbers: Set<string>;

  constructor(
    readonly snapshot: Snapshot,
    readonly record: LoadRecord,
  ) {
    this.orderByNumber = new Map(snapshot.orders.map((order) => [order.order_number, order]));
    this.orderById = new Map(snapshot.orders.map((order) => [order.id, order]));
    this.linesByOrder = groupBy(snapshot.lines, (line) => line.order_id);
    this.paymentsByOrder = groupBy(
      snapshot.payments.filter((payment) => payment.order_id !== null),
      (payment) => payment.order_id!,
    );
    this.refundsByOrder = groupBy(snapshot.refunds, (refund) => refund.order_id);
    this.mailsByNumber = groupBy(
      snapshot.mails.filter((mail) => ORDER_NUMBER.test(mail.subject)),
      (mail) => ORDER_NUMBER.exec(mail.subject)![0],
    );
    this.acknowledgedNumbers = new Set(record.acknowledged.map((ack) => ack.orderNumber));
  }

  /** An order's number, or its id when the order row is gone. */
  nameOf(orderId: number): string {
    return this.orderById.get(orderId)?.order_number ?? `order id ${orderId} (no such order)`;
  }
}

function result(id: InvariantId, offences: Offence[], passDetail: string): InvariantResult {
  const subjects = new Set(offences.map((offence) => offence.subject));
  return {
    id,
    name: NAMES[id],
    pass: offences.length === 0,
    detail:
      offences.length === 0
        ? passDetail
        : `${offences.length} offence(s) in ${subjects.size} order(s) or product(s): ${[...subjects].slice(0, 8).join(", ")}${subjects.size > 8 ? ", ..." : ""}`,
    offences: offences.slice(0, MAX_OFFENCES),
  };
}

function acknowledgedOrdersPresent(context: Context): InvariantResult {
  const offences: Offence[] = [];
  const paymentsByKey = groupBy(
    context.snapshot.payments.filter((payment) => payment.idempotency_key !== null),
    (payment) => payment.idempotency_key!,
  );
  for (const ack of context.record.acknowledged) {
    const order = context.orderByNumber.get(ack.orderNumber);
    const keyed = paymentsByKey.get(ack.key) ?? [];
    if (!order) {
      const orphan = keyed.find((payment) => payment.order_id === null);
      offences.push({
        subject: ack.orderNumber,
        problem: `acknowledged (201) but not in orders${orphan ? `; its payment ${orphan.id} (key ${ack.key}) is left with no order` : ""}`,
      });
      continue;
    }
    const lines = context.linesByOrder.get(order.id) ?? [];
    if (lines.length === 0) {
      offences.push({ subject: ack.orderNumber, problem: "has no lines" });
    } else if (ack.items) {
      // What was asked: a short-pick at packing lowers the quantity and keeps the ordered one.
      const asked = new Map<string, number>();
      for (const item of ack.items) add(asked, item.productId, item.quantity);
      const got = new Map<string, number>();
      for (const line of lines) add(got, line.product_id, line.ordered_quantity ?? line.quantity);
      const same = asked.size === got.size && [...asked].every(([id, n]) => got.get(id) === n);
      if (!same) {
        const show = (map: Map<string, number>) =>
          [...map].map(([id, n]) => `${id}×${n}`).join(", ");
        offences.push({
          subject: ack.orderNumber,
          problem: `lines ${show(got)} differ from the request ${show(asked)}`,
        });
      }
    }
    if (ack.totalPaise !== undefined && !lines.some((line) => line.ordered_quantity !== null)) {
      if (order.total_paise !== ack.totalPaise) {
        offences.push({
          subject: ack.orderNumber,
          problem: `total ${order.total_paise} paise, acknowledged ${ack.totalPaise}`,
        });
      }
    }
    if (!keyed.some((payment) => payment.order_id === order.id)) {
      offences.push({
        subject: ack.orderNumber,
        problem: `no payment record carries its key ${ack.key}`,
      });
    }
  }
  return result(
    "acknowledged-orders-present",
    offences,
    `${context.record.acknowledged.length} acknowledged orders, each found whole`,
  );
}

function noUnacknowledgedOrders(context: Context): InvariantResult {
  const offences: Offence[] = [];
  const unanswered = new Set(context.record.unansweredKeys ?? []);
  let untold = 0;
  for (const order of context.snapshot.orders) {
    if (context.acknowledgedNumbers.has(order.order_number)) continue;
    const keys = (context.paymentsByOrder.get(order.id) ?? [])
      .map((payment) => payment.idempotency_key)
      .filter((key) => key !== null);
    if (keys.some((key) => unanswered.has(key))) {
      untold++;
      continue;
    }
    offences.push({
      subject: order.order_number,
      problem: `in orders (${order.status}) but never acknowledged, key ${keys.join(", ") || "none"}`,
    });
  }
  // One key, two orders: a retry that placed the order again.
  const ordersByKey = groupBy(
    context.snapshot.payments.filter((p) => p.idempotency_key !== null && p.order_id !== null),
    (payment) => payment.idempotency_key!,
  );
  for (const [key, payments] of ordersByKey) {
    const orderIds = new Set(payments.map((payment) => payment.order_id!));
    if (orderIds.size > 1) {
      offences.push({
        subject: [...orderIds].map((id) => context.nameOf(id)).join(" + "),
        problem: `one Idempotency-Key ${key} has ${orderIds.size} orders`,
      });
    }
  }
  return result(
    "no-unacknowledged-orders",
    offences,
    `${context.snapshot.orders.length} orders in the run, all acknowledged${untold ? ` but ${untold} whose shopper gave up before an answer` : ""}`,
  );
}

/**
 * The shelf against the orders, independently of the ledger: what is left plus what the run's
 * orders (not cancelled) hold equals what there was, plus the inventory manager's receipts,
 * write-offs and counts, plus units returned from orders older than the run.
 */
function stockConserved(context: Context): InvariantResult {
  const { baseline } = context.record;
  const sold = new Map<string, number>();
  for (const line of context.snapshot.lines) {
    const order = context.orderById.get(line.order_id);
    if (order && order.status !== "cancelled") add(sold, line.product_id, takenBy(line));
  }
  const adjusted = new Map<string, number>();
  for (const move of context.snapshot.movements) {
    const ofRunOrder =
      (move.kind === "sale" || move.kind === "cancellation") &&
      move.order_id !== null &&
      move.order_id > baseline.lastOrderId;
    if (!ofRunOrder) add(adjusted, move.product_id, move.quantity);
  }
  const offences: Offence[] = [];
  for (const [id, initial] of baseline.stock) {
    const left = context.snapshot.stock.get(id);
    const gone = sold.get(id) ?? 0;
    const moved = adjusted.get(id) ?? 0;
    if (left === undefined) {
      offences.push({ subject: id, problem: "product no longer exists" });
    } else if (left + gone !== initial + moved) {
      offences.push({
        subject: id,
        problem: `stock ${left} + sold ${gone} = ${left + gone}, expected initial ${initial}${moved ? ` ${moved > 0 ? "+" : "-"} ${Math.abs(moved)} moved by staff` : ""} = ${initial + moved}`,
      });
    }
    if (left !== undefined && left < 0) offences.push({ subject: id, problem: `stock ${left}` });
  }
  for (const id of sold.keys()) {
    if (!baseline.stock.has(id)) {
      offences.push({ subject: id, problem: "sold but had no stock at the start" });
    }
  }
  const units = [...sold.values()].reduce((sum, n) => sum + n, 0);
  return result(
    "stock-conserved",
    offences,
    `${baseline.stock.size} products, ${units} units in orders not cancelled`,
  );
}

/**
 * The ledger against the shelf and the orders: every product's rows since the start add up to
 * its change in stock, and every order's sale and cancellation rows to minus its lines (or
 * nothing, once cancelled). A ledger row of an order that is gone is an offence too.
 */
function ledgerAccountsForStock(context: Context): InvariantResult {
  const { baseline } = context.record;
  const offences: Offence[] = [];
  const movedByProduct = new Map<string, number>();
  for (const move of context.snapshot.movements)
    add(movedByProduct, move.product_id, move.quantity);
  for (const [id, initial] of baseline.stock) {
    const left = context.snapshot.stock.get(id);
    const moved = movedByProduct.get(id) ?? 0;
    if (left !== undefined && left - initial !== moved) {
      offences.push({
        subject: id,
        problem: `stock changed by ${left - initial}, the ledger says ${moved}`,
      });
    }
  }
  const ledgerByOrder = new Map<number, Map<string, number>>();
  for (const move of context.snapshot.movements) {
    if (move.kind !== "sale" && move.kind !== "cancellation") continue;
    if (move.order_id === null || move.order_id <= baseline.lastOrderId) continue;
    const byProduct = ledgerByOrder.get(move.order_id) ?? new Map<string, number>();
    add(byProduct, move.product_id, move.quantity);
    ledgerByOrder.set(move.order_id, byProduct);
  }
  for (const [orderId, byProduct] of ledgerByOrder) {
    if (!context.orderById.has(orderId)) {
      const units = [...byProduct].map(([id, n]) => `${id} ${n}`).join(", ");
      offences.push({
        subject: context.nameOf(orderId),
        problem: `ledger rows (${units}) for an order that is not in orders`,
      });
    }
  }
  for (const order of context.snapshot.orders) {
    const expected = new Map<string, number>();
    if (order.status !== "cancelled") {
      for (const line of context.linesByOrder.get(order.id) ?? []) {
        add(expected, line.product_id, -takenBy(line));
      }
    }
    const recorded = ledgerByOrder.get(order.id) ?? new Map<string, number>();
    for (const id of new Set([...expected.keys(), ...recorded.keys()])) {
      const want = expected.get(id) ?? 0;
      const got = recorded.get(id) ?? 0;
      if (want !== got) {
        offences.push({
          subject: order.order_number,
          problem: `${id}: ledger ${got}, its ${order.status} lines say ${want}`,
        });
      }
    }
  }
  return result(
    "ledger-accounts-for-stock",
    offences,
    `${context.snapshot.movements.length} ledger rows since the start, each product's and order's adding up`,
  );
}

function orderNumbersUnique(context: Context): InvariantResult {
  const offences: Offence[] = context.snapshot.duplicateNumbers.map((row) => ({
    subject: row.order_number,
    problem: `${row.n} orders with this number`,
  }));
  const keysByNumber = groupBy(context.record.acknowledged, (ack) => ack.orderNumber);
  for (const [orderNumber, acks] of keysByNumber) {
    const keys = new Set(acks.map((ack) => ack.key));
    if (keys.size > 1) {
      offences.push({
        subject: orderNumber,
        problem: `acknowledged to ${keys.size} different keys (${[...keys].join(", ")})`,
      });
    }
  }
  return result(
    "order-numbers-unique",
    offences,
    `${context.snapshot.orders.length} orders, ${keysByNumber.size} acknowledged numbers, all distinct`,
  );
}

/**
 * "Verified" from outside the store: the provider's signed answers the shoppers received are the
 * record of what it captured. Every order the store holds as paid online must be paid by one of
 * those, and every payment the store accepted must have made its order paid.
 */
function paidOrdersVerified(context: Context): InvariantResult {
  const offences: Offence[] = [];
  const capturedByOrder = groupBy(context.record.captured, (payment) => payment.orderNumber);
  const capturedIds = new Set(context.record.captured.map((payment) => payment.paymentId));
  let paid = 0;
  for (const order of context.snapshot.orders) {
    const payments = context.paymentsByOrder.get(order.id) ?? [];
    // A payment that came too late or twice is kept as its own row (no provider order) and
    // refunded: it too must be one the provider took.
    for (const extra of payments) {
      if (extra.provider_order_id !== null || extra.transaction_id === null) continue;
      if (extra.method === "cash" || capturedIds.has(extra.transaction_id)) continue;
      offences.push({
        subject: order.order_number,
        problem: `extra payment ${extra.transaction_id} (${extra.status}), which the provider never captured`,
      });
    }
    if (order.payment_method === "cash" || !ONLINE_PAID.has(order.payment_status)) continue;
    paid++;
    // The payment the order awaited: the one made against its provider order.
    const own = payments.filter((payment) => payment.provider_order_id !== null);
    const payment = own[0];
    if (own.length !== 1 || !payment || !ONLINE_PAID.has(payment.status)) {
      offences.push({
        subject: order.order_number,
        problem: `${order.payment_status}, its provider-order payments ${own.map((row) => row.status).join(", ") || "none"}`,
      });
      continue;
    }
    const captured = capturedByOrder.get(order.order_number) ?? [];
    const match = captured.find(
      (entry) =>
        entry.paymentId === payment.transaction_id &&
        entry.providerOrderId === payment.provider_order_id,
    );
    if (!match) {
      offences.push({
        subject: order.order_number,
        problem: `paid by ${payment.transaction_id ?? "no transaction"} on ${payment.provider_order_id}, which the provider never captured for it (captured: ${captured.map((entry) => entry.paymentId).join(", ") || "none"})`,
      });
    }
  }
  for (const entry of context.record.captured) {
    if (!entry.accepted) continue;
    const order = context.orderByNumber.get(entry.orderNumber);
    const payments = order ? (context.paymentsByOrder.get(order.id) ?? []) : [];
    const taken = payments.some(
      (payment) =>
        payment.provider_order_id === entry.providerOrderId &&
        ONLINE_PAID.has(payment.status) &&
        payment.transaction_id === entry.paymentId,
    );
    if (!order || !ONLINE_PAID.has(order.payment_status) || !taken) {
      offences.push({
        subject: entry.orderNumber,
        problem: `the store accepted payment ${entry.paymentId}, but the order is ${order ? `${order.status}/${order.payment_status}` : "missing"}${order && !taken ? " and its payment record does not hold it" : ""}`,
      });
    }
  }
  return result(
    "paid-orders-verified",
    offences,
    `${paid} orders paid online, each by a payment the provider captured; ${context.record.captured.filter((entry) => entry.accepted).length} accepted payments all taken`,
  );
}

function noDoubleRefunds(context: Context): InvariantResult {
  const offences: Offence[] = [];
  for (const [orderId, refunds] of context.refundsByOrder) {
    const name = context.nameOf(orderId);
    const charges = new Map(
      (context.paymentsByOrder.get(orderId) ?? [])
        .filter((payment) => payment.transaction_id !== null)
        .map((payment) => [payment.transaction_id!, payment]),
    );
    for (const [transactionId, ofCharge] of groupBy(refunds, (refund) => refund.transaction_id)) {
      const charge = charges.get(transactionId);
      const total = ofCharge.reduce((sum, refund) => sum + refund.amount_paise, 0);
      const references = ofCharge.map((refund) => refund.reference).join(", ");
      if (!charge) {
        offences.push({
          subject: name,
          problem: `refund(s) ${references} of ${transactionId}, not a payment of this order`,
        });
      } else if (!ONLINE_PAID.has(charge.status)) {
        offences.push({
          subject: name,
          problem: `refund(s) ${references} of ${transactionId}, a payment that is ${charge.status}`,
        });
      } else if (total > charge.amount_paise) {
        offences.push({
          subject: name,
          problem: `refunds ${references} give back ${total} paise of a ${charge.amount_paise} paise payment`,
        });
      }
      const cancels = ofCharge.filter((refund) => refund.reference.endsWith("-cancel"));
      if (cancels.length > 1) {
        offences.push({
          subject: name,
          problem: `${cancels.length} cancellation refunds of ${transactionId}: ${references}`,
        });
      }
    }
  }
  const owed = context.snapshot.refunds.filter((refund) => refund.state !== "done").length;
  return result(
    "no-double-refunds",
    offences,
    `${context.snapshot.refunds.length} refunds, none twice or beyond its payment${owed ? ` (${owed} still owed, retried by the refund worker)` : ""}`,
  );
}

function staffCancelsComplete(context: Context): InvariantResult {
  const offences: Offence[] = [];
  const cancelled = context.record.staffCancelled ?? [];
  for (const orderNumber of cancelled) {
    const order = context.orderByNumber.get(orderNumber);
    if (!order) {
      offences.push({ subject: orderNumber, problem: "cancelled by staff but not in orders" });
      continue;
    }
    if (order.status !== "cancelled") {
      offences.push({
        subject: orderNumber,
        problem: `cancel answered 200, order ${order.status}`,
      });
      continue;
    }
    if (order.payment_method === "cash") continue;
    const paid = (context.paymentsByOrder.get(order.id) ?? []).find(
      (payment) => ONLINE_PAID.has(payment.status) && payment.transaction_id !== null,
    );
    if (!paid) continue;
    const refunds = (context.refundsByOrder.get(order.id) ?? []).filter(
      (refund) =>
        refund.reference.endsWith("-cancel") && refund.transaction_id === paid.transaction_id,
    );
    if (refunds.length !== 1 || refunds[0]!.amount_paise !== order.total_paise) {
      offences.push({
        subject: orderNumber,
        problem: `paid ${order.total_paise} paise online and cancelled, refunds ${refunds.map((refund) => `${refund.reference} ${refund.amount_paise}`).join(", ") || "none"}`,
      });
    }
  }
  return result(
    "staff-cancels-complete",
    offences,
    `${cancelled.length} staff cancels, each cancelled with its stock back (see the ledger) and paid ones refunded once in full`,
  );
}

function orderEmailsInOutbox(context: Context): InvariantResult {
  const offences: Offence[] = [];
  let expected = 0;
  for (const order of context.snapshot.orders) {
    const mails = context.mailsByNumber.get(order.order_number) ?? [];
    const confirmations = mails.filter((mail) => CONFIRMATION.test(mail.subject));
    const cancellations = mails.filter((mail) => CANCELLATION.test(mail.subject));
    const staffCancelled = order.status === "cancelled" && order.cancel_reason !== "unpaid";
    if (!wasPlaced(order)) {
      if (confirmations.length > 0) {
        offences.push({
          subject: order.order_number,
          problem: `${order.status}${order.cancel_reason ? ` (${order.cancel_reason})` : ""}, never placed, yet ${confirmations.length} confirmation(s)`,
        });
      }
      continue;
    }
    expected++;
    if (confirmations.length !== 1) {
      offences.push({
        subject: order.order_number,
        problem: `${order.status} with ${confirmations.length} confirmation emails`,
      });
    }
    if (staffCancelled && cancellations.length !== 1) {
      offences.push({
        subject: order.order_number,
        problem: `cancelled by staff with ${cancellations.length} cancellation emails`,
      });
    }
    const stray = mails.filter((mail) => mail.to_address !== order.email);
    if (stray.length > 0) {
      offences.push({
        subject: order.order_number,
        problem: `${stray.length} of its emails went to another address (${stray[0]!.to_address})`,
      });
    }
  }
  for (const orderNumber of context.mailsByNumber.keys()) {
    if (!context.orderByNumber.has(orderNumber) && context.acknowledgedNumbers.has(orderNumber)) {
      offences.push({ subject: orderNumber, problem: "emails for an order that is not in orders" });
    }
  }
  return result(
    "order-emails-in-outbox",
    offences,
    `${expected} placed orders, each with its confirmation email`,
  );
}

/** A report as lines of text, for a log or a failed test's message. */
/**
 * Refunds after delivery: each has its credit note for the same total; an online order's money
 * is owed back through the provider for exactly that total, a cash order's says how it went back;
 * the ledger holds each order's returned units (and their write-offs); and no line gives back
 * more units, value or GST than it was sold for, nor the delivery fee twice.
 */
function deliveredRefundsComplete(context: Context): InvariantResult {
  const offences: Offence[] = [];
  const { deliveredRefunds, refundedOrders, movements } = context.snapshot;
  for (const refund of deliveredRefunds) {
    const name = context.nameOf(refund.order_id);
    const order = context.orderById.get(refund.order_id);
    if (refund.note_total !== refund.total_paise) {
      offences.push({
        subject: name,
        problem: `refund of ${refund.total_paise} paise has ${refund.note_total === null ? "no credit note" : `a credit note of ${refund.note_total} paise`} (${refund.credit_note_number})`,
      });
    }
    const online = order !== undefined && order.payment_method !== "cash";
    if (online && refund.owed_paise !== refund.total_paise) {
      offences.push({
        subject: name,
        problem: `refund of ${refund.total_paise} paise owes ${refund.owed_paise ?? 0} paise through the provider`,
      });
    }
    if (!online && (refund.paid_back_by === null || refund.owed_paise !== null)) {
      offences.push({
        subject: name,
        problem: "a cash refund that does not say how it was paid back",
      });
    }
  }
  for (const order of refundedOrders) {
    const name = context.nameOf(order.id);
    const refunds = deliveredRefunds.filter((refund) => refund.order_id === order.id);
    const fees = refunds.reduce((sum, refund) => sum + refund.delivery_fee_paise, 0);
    if (fees > order.delivery_fee_paise) {
      offences.push({
        subject: name,
        problem: `delivery fee ${order.delivery_fee_paise} paise given back as ${fees}`,
      });
    }
    for (const line of order.lines ?? []) {
      const credited = refunds.flatMap((refund) =>
        refund.lines.filter((item) => item.productId === line.product_id),
      );
      const sum = (pick: (item: (typeof credited)[number]) => number) =>
        credited.reduce((total, item) => total + pick(item), 0);
      const units = sum((item) => item.quantity);
      const taxable = sum((item) => item.taxablePaise);
      const gst = sum((item) => item.gstPaise);
      if (units > line.quantity || taxable > line.taxable_paise || gst > line.gst_paise) {
        offences.push({
          subject: name,
          problem: `${line.product_id}: refunds give back ${units} units, ${taxable} + ${gst} paise of ${line.quantity} units, ${line.taxable_paise} + ${line.gst_paise} paise`,
        });
      }
      const ledger = (kind: string) =>
        movements
          .filter(
            (move) =>
              move.order_id === order.id &&
              move.product_id === line.product_id &&
              move.kind === kind,
          )
          .reduce((total, move) => total + move.quantity, 0);
      const writtenOff = refunds
        .filter((refund) => refund.goods === "write_off")
        .flatMap((refund) => refund.lines.filter((item) => item.productId === line.product_id))
        .reduce((total, item) => total + item.quantity, 0);
      // Units short at packing were written off then too.
      const short = line.ordered_quantity === null ? 0 : line.ordered_quantity - line.quantity;
      if (ledger("refund") !== units || ledger("write_off") !== -(writtenOff + short)) {
        offences.push({
          subject: name,
          problem: `${line.product_id}: ${units} units refunded (${writtenOff} written off), the ledger says ${ledger("refund")} back and ${-ledger("write_off")} written off`,
        });
      }
    }
  }
  return result(
    "delivered-refunds-complete",
    offences,
    `${deliveredRefunds.length} refunds after delivery, each with its credit note, ledger rows and money back`,
  );
}

/** Checked in the database itself: stock, the ledger and the lots in exact integers. */
function lotsHoldStock(context: Context): InvariantResult {
  return result(
    "lots-hold-stock",
    context.snapshot.lotGaps.slice(0, MAX_OFFENCES),
    `${context.snapshot.stock.size} products' stock in ${context.snapshot.lotCount} lots, every ledger row since the start moved in lots`,
  );
}

export function describeReport(report: InvariantReport): string {
  return report.invariants
    .flatMap((invariant) => [
      `${invariant.pass ? "pass" : "FAIL"}  ${invariant.name}: ${invariant.detail}`,
      ...invariant.offences.slice(0, 10).map((o) => `        ${o.subject}: ${o.problem}`),
    ])
    .join("\n");
}

/**
 * An event order's quote is its lines priced by the shared rule: each line's discounted price,
 * taxable value and GST, the total with the delivery charge, and the advance. Inventory's outlook
 * reads the same lines, so a quote whose lines are missing or differ would plan the wrong stock.
 */
function bulkQuotesMatchLines(context: Context): InvariantResult {
  const offences: Offence[] = [];
  for (const quote of context.snapshot.bulkQuotes) {
    const subject = quote.ticket_id;
    if (quote.lines.length === 0) {
      offences.push({ subject, problem: "quoted from catalogue lines, but has no lines" });
      continue;
    }
    const priced = quoteBreakdown(
      quote.lines.map((line) => ({
        listPricePaise: line.list_price_paise,
        quantity: line.quantity,
        unit: line.unit,
        gstRateBps: line.gst_rate_bps,
      })),
      { discountPercent: quote.discount_percent, deliveryChargePaise: quote.delivery_charge_paise },
    );
    priced.lines.forEach((line, index) => {
      const stored = quote.lines[index]!;
      if (
        stored.unit_price_paise !== line.unitPricePaise ||
        stored.taxable_paise !== line.taxablePaise ||
        stored.gst_paise !== line.gstPaise
      ) {
        offences.push({
          subject,
          problem: `${stored.product_id}: stored ${stored.unit_price_paise}/${stored.taxable_paise}/${stored.gst_paise} paise (unit, taxable, GST), the rule gives ${line.unitPricePaise}/${line.taxablePaise}/${line.gstPaise}`,
        });
      }
    });
    if (quote.quote_paise !== priced.totalPaise) {
      offences.push({
        subject,
        problem: `quote ${quote.quote_paise} paise, its lines come to ${priced.totalPaise}`,
      });
    }
    if (quote.advance_paise !== priced.advancePaise) {
      offences.push({
        subject,
        problem: `advance ${quote.advance_paise} paise, the rule gives ${priced.advancePaise}`,
      });
    }
  }
  return result(
    "bulk-quotes-match-lines",
    offences,
    `${context.snapshot.bulkQuotes.length} event order quote(s) are their lines priced by the shared rule`,
  );
}

function bulkPaymentsAgree(context: Context): InvariantResult {
  const offences: Offence[] = [];
  for (const order of context.snapshot.bulkMoney) {
    const subject = order.ticket_id;
    const charges = new Map(
      order.payments
        .filter((payment) => payment.transaction_id !== null)
        .map((payment) => [payment.transaction_id!, payment.amount_paise]),
    );
    for (const [transactionId, ofCharge] of groupBy(order.refunds, (r) => r.transaction_id)) {
      const total = ofCharge.reduce((sum, refund) => sum + refund.amount_paise, 0);
      const references = ofCharge.map((refund) => refund.reference).join(", ");
      const charged = charges.get(transactionId);
      if (charged === undefined) {
        offences.push({ subject, problem: `refund(s) ${references} of a charge not its own` });
      } else if (total > charged) {
        offences.push({
          subject,
          problem: `refunds ${references} give back ${total} paise of a ${charged} paise charge`,
        });
      }
    }
    const paid =
      order.payments.reduce((sum, payment) => sum + payment.amount_paise, 0) -
      order.refunds.reduce((sum, refund) => sum + refund.amount_paise, 0);
    const open = order.status === "advance_paid" || order.status === "confirmed";
    if (open && !order.settled_elsewhere && paid - order.fee_paise > order.advance_paise) {
      offences.push({
        subject,
        problem: `${paid - order.fee_paise} paise paid toward the goods, beyond the advance of ${order.advance_paise}`,
      });
    }
  }
  return result(
    "bulk-payments-agree",
    offences,
    `${context.snapshot.bulkMoney.length} event order(s) with money taken: refunds within their charges, none holding more than its advance`,
  );
}
