import { asc, eq, sql } from "drizzle-orm";
import type { PaymentMethod } from "../../../shared/contracts/checkout.ts";
import { PAYMENT_METHOD_LABELS } from "../../../shared/contracts/checkout.ts";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { DEFAULT_LOCALE, isLocale } from "../../../shared/i18n/locales.ts";
import type { OrderStatus, PaymentStatus } from "../../../shared/rules/order-status.ts";
import { STORE } from "../../../shared/store-info.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { preparedOnce } from "../../db/statement-once.ts";
import { creditNotes } from "../fulfilment/schema.ts";
import { payments } from "../payments/schema.ts";
import { orderLines, orders } from "./schema.ts";

type OrderRow = typeof orders.$inferSelect;
/** What a line holds apart from its keys: as stored, or as about to be stored. */
type LineFields = Omit<
  typeof orderLines.$inferSelect,
  "id" | "orderId" | "orderedQuantity" | "packedQuantity" | "localName"
> &
  Partial<Pick<typeof orderLines.$inferSelect, "orderedQuantity" | "packedQuantity" | "localName">>;

/** What a view needs of an order: a stored row, or the values about to be stored. */
type ViewedOrder = Pick<
  OrderRow,
  | "orderNumber"
  | "status"
  | "paymentStatus"
  | "paymentMethod"
  | "placedAt"
  | "firstName"
  | "lastName"
  | "email"
  | "phone"
  | "address"
  | "city"
  | "state"
  | "pincode"
  | "notes"
  | "subtotalPaise"
  | "gstPaise"
  | "deliveryFeePaise"
  | "totalPaise"
  | "rating"
> &
  Partial<
    Pick<
      OrderRow,
      | "confirmedAt"
      | "packedAt"
      | "outForDeliveryAt"
      | "deliveredAt"
      | "cancelledAt"
      | "invoiceNumber"
      | "invoicedAt"
      | "paymentDueAt"
      | "locale"
    >
  >;

/** Which of the order's timestamps each move writes. */
export const STATUS_AT: Record<OrderStatus, keyof ViewedOrder> = {
  awaiting_payment: "placedAt",
  placed: "placedAt",
  confirmed: "confirmedAt",
  packed: "packedAt",
  out_for_delivery: "outForDeliveryAt",
  delivered: "deliveredAt",
  cancelled: "cancelledAt",
};

/** When the order reached the state it is in. */
export function statusAtOf(order: ViewedOrder): Date {
  const at = order[STATUS_AT[order.status as OrderStatus]];
  return at instanceof Date ? at : order.placedAt;
}

type CreditNoteRef = OrderView["creditNotes"][number];

export function toOrderView(
  order: ViewedOrder,
  lines: readonly LineFields[],
  paymentSummary: string,
  creditNotes: CreditNoteRef[] = [],
): OrderView {
  const street = [order.address, order.city, order.state, order.pincode].filter(Boolean).join(", ");
  return {
    orderNumber: order.orderNumber,
    status: order.status as OrderStatus,
    paymentStatus: order.paymentStatus as PaymentStatus,
    paymentMethod: order.paymentMethod as PaymentMethod,
    paymentSummary,
    placedAt: order.placedAt.toISOString(),
    customerName: [order.firstName, order.lastName].filter(Boolean).join(" "),
    email: order.email,
    phone: order.phone,
    shippingAddress: street,
    address: order.address,
    city: order.city,
    state: order.state,
    pincode: order.pincode,
    notes: order.notes,
    lines: lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      localName: line.localName ?? null,
      unit: line.unit,
      hsnCode: line.hsnCode,
      unitPricePaise: line.unitPricePaise,
      quantity: line.quantity,
      gstRateBps: line.gstRateBps,
      taxablePaise: line.taxablePaise,
      gstPaise: line.gstPaise,
      orderedQuantity: line.orderedQuantity ?? null,
      packedQuantity: line.packedQuantity ?? null,
    })),
    subtotalPaise: order.subtotalPaise,
    gstPaise: order.gstPaise,
    deliveryFeePaise: order.deliveryFeePaise,
    totalPaise: order.totalPaise,
    rating: order.rating,
    deliveryAgentPhone: STORE.deliveryAgentPhone,
    statusAt: statusAtOf(order).toISOString(),
    invoiceNumber: order.invoiceNumber ?? null,
    invoicedAt: order.invoicedAt ? order.invoicedAt.toISOString() : null,
    creditNotes,
    locale: isLocale(order.locale) ? order.locale : DEFAULT_LOCALE,
    paymentDueAt:
      order.status === "awaiting_payment" && order.paymentDueAt
        ? order.paymentDueAt.toISOString()
        : null,
  };
}

/** The order's first payment's summary, or its method's name when it has none. */
export function paymentSummaryOf(
  order: Pick<OrderRow, "paymentMethod">,
  firstPayment: { instrumentSummary: string | null } | undefined,
): string {
  return (
    firstPayment?.instrumentSummary ?? PAYMENT_METHOD_LABELS[order.paymentMethod as PaymentMethod]
  );
}

export const creditNoteRefOf = (note: {
  number: string;
  issuedAt: Date;
  totalPaise: number;
}): CreditNoteRef => ({
  number: note.number,
  issuedAt: note.issuedAt.toISOString(),
  totalPaise: note.totalPaise,
});

const CREDIT_NOTE_REFS = {
  columns: { number: true, issuedAt: true, totalPaise: true },
  orderBy: asc(creditNotes.id),
} as const;

/** What an order's view reads beside the order: for a relational read's `with`. */
export const VIEW_RELATIONS = {
  lines: { orderBy: asc(orderLines.id) },
  payments: { columns: { instrumentSummary: true }, orderBy: asc(payments.id), limit: 1 },
  creditNotes: CREDIT_NOTE_REFS,
} as const;

// Also read inside a move's transaction, for its email, on that transaction's session.
const orderViewRead = preparedOnce("order_view", (db, name) =>
  db.query.orders
    .findFirst({
      where: eq(orders.id, sql.placeholder("id")),
      columns: { id: true },
      with: VIEW_RELATIONS,
    })
    .prepare(name),
);

/** The order's lines, payment and credit notes, read in one statement. */
export async function loadOrderView(
  db: Database | Transaction,
  order: OrderRow,
): Promise<OrderView> {
  const parts = await orderViewRead(db).execute({ id: order.id });
  return toOrderView(
    order,
    parts?.lines ?? [],
    paymentSummaryOf(order, parts?.payments[0]),
    (parts?.creditNotes ?? []).map(creditNoteRefOf),
  );
}

const wholeOrderRead = preparedOnce("whole_order", (db, name) =>
  db.query.orders
    .findFirst({
      where: eq(orders.orderNumber, sql.placeholder("orderNumber")),
      with: {
        lines: { orderBy: asc(orderLines.id) },
        payments: { orderBy: asc(payments.id) },
        creditNotes: CREDIT_NOTE_REFS,
      },
    })
    .prepare(name),
);

/**
 * An order by its number with its lines, every payment and its credit notes, in one statement:
 * for a caller that needs the payments too (paying the order) and then its view.
 */
export async function readWholeOrder(db: Database, orderNumber: string) {
  return wholeOrderRead(db).execute({ orderNumber });
}

export type WholeOrder = NonNullable<Awaited<ReturnType<typeof readWholeOrder>>>;

/** The view of an order read whole, or of it as a change is about to leave it (`as`). */
export function viewOfWhole(whole: WholeOrder, as: ViewedOrder = whole): OrderView {
  return toOrderView(
    as,
    whole.lines,
    paymentSummaryOf(as, whole.payments[0]),
    whole.creditNotes.map(creditNoteRefOf),
  );
}
