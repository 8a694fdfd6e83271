import { inArray } from "drizzle-orm";
import type { Payment, PlaceOrder } from "../../../shared/contracts/checkout.ts";
import { PAYMENT_METHOD_LABELS } from "../../../shared/contracts/checkout.ts";
import type { OrderView, OutOfStockItem } from "../../../shared/contracts/orders.ts";
import {
  isServiceable,
  OUTSIDE_DELIVERY_AREA_MESSAGE,
} from "../../../shared/rules/delivery-area.ts";
import {
  MAX_OPEN_CASH_ORDERS,
  openCashOrdersMessage,
} from "../../../shared/rules/open-cash-orders.ts";
import {
  overCapMessage,
  productsOverCap,
  totalsByProduct,
} from "../../../shared/rules/order-quantity.ts";
import { ONLINE_PAYMENT_UNAVAILABLE } from "../../../shared/rules/payment-options.ts";
import { priceBreakdown } from "../../../shared/rules/pricing.ts";
import type { Database } from "../../db/client.ts";
import { payments, products } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError } from "../../http/app-error.ts";
import {
  completionQuery,
  hashRequest,
  runOncePerKey,
  type StoredResponse,
} from "../idempotency/idempotency-store.ts";
import { type OutgoingMail, outboxRow } from "../mail/outbox.ts";
import { refuseDeclined } from "../payments/declined-payment.ts";
import type {
  ChargeResult,
  PaymentGateway,
  PaymentInstrument,
} from "../payments/payment-gateway.ts";
import { newOrderNumber } from "./order-number.ts";
import { toOrderView } from "./order-view.ts";
import { type OrderValues, type PaymentValues, writeOrder } from "./write-order.ts";

export type CheckoutDeps = {
  db: Database;
  /** None: the store has no payment provider and takes cash on delivery only. */
  gateway: PaymentGateway | undefined;
  serviceablePincodes: readonly string[];
  /** The email a placed order sends; it is written to the outbox with the order, atomically. */
  confirmationMail?: (order: OrderView) => OutgoingMail;
  /** Runs once per Idempotency-Key before any check or charge, e.g. the mail recipient limit. */
  beforeWork?: () => Promise<void>;
};

export type Placer = { browserKeyHash: string; customerId?: string | null };

const SCOPE = "checkout";
const ORDER_NUMBER_ATTEMPTS = 5;

type ProductRow = typeof products.$inferSelect;
type Line = { product: ProductRow; quantity: number };

class OutOfStock extends Error {
  constructor(readonly items: OutOfStockItem[]) {
    super("out of stock");
  }
}

function outOfStockError(items: OutOfStockItem[]): AppError {
  const list = items
    .map(
      (item) =>
        `${item.name} (${item.available === 0 ? "sold out" : `only ${item.available} left`})`,
    )
    .join(", ");
  return new AppError(
    "OUT_OF_STOCK",
    `Some items are no longer available in the quantity you chose: ${list}. Please update your cart.`,
    undefined,
    { items },
  );
}

/** Card numbers and CVVs never reach storage, not even hashed. */
function fingerprint(input: PlaceOrder): unknown {
  const { payment } = input;
  const safePayment =
    payment.method === "card"
      ? { method: "card", last4: payment.card.number.slice(-4), expiry: payment.card.expiry }
      : payment;
  return { ...input, payment: safePayment };
}

function instrumentOf(payment: Exclude<Payment, { method: "cash" }>): PaymentInstrument {
  if (payment.method === "card") return { kind: "card", ...payment.card };
  return {
    kind: "upi",
    upiId: payment.upiId,
    phone: "phone" in payment ? payment.phone : undefined,
  };
}

async function readLines(db: Database, input: PlaceOrder): Promise<Line[]> {
  const quantities = totalsByProduct(input.items);
  const ids = [...quantities.keys()].sort();
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  // An archived product has left the shop: ordering it is like ordering one that never was.
  const byId = new Map(rows.filter((row) => !row.archivedAt).map((row) => [row.id, row]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw new AppError(
      "VALIDATION_FAILED",
      `Unknown product${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`,
      "items",
    );
  }
  // Checked with the names at hand, so the refusal says which product to change.
  const over = productsOverCap(input.items);
  if (over.length > 0) {
    throw new AppError(
      "VALIDATION_FAILED",
      over.map((id) => overCapMessage(byId.get(id)!.name)).join(" "),
      "items",
    );
  }
  return ids.map((id) => ({ product: byId.get(id)!, quantity: quantities.get(id)! }));
}

function shortages(lines: Line[], stockOf: (line: Line) => number): OutOfStockItem[] {
  return lines
    .filter((line) => stockOf(line) < line.quantity)
    .map((line) => ({
      productId: line.product.id,
      name: line.product.name,
      requested: line.quantity,
      available: Math.max(stockOf(line), 0),
    }));
}

/**
 * Checkout as small steps with compensation: check the delivery area, prices and stock; take the
 * payment; then, in one atomic statement, take the stock (never below zero), write the order,
 * its lines, its payment and its email. A refused payment takes no stock; stock that ran out
 * after a payment was taken is refunded. One Idempotency-Key gives one answer, however often it
 * is sent.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  input: PlaceOrder,
  idempotencyKey: string,
  placer: Placer,
): Promise<StoredResponse> {
  const { gateway } = deps;
  // Refused before the key is claimed: nothing is written, and the same key may then pay cash.
  if (input.payment.method !== "cash" && !gateway) {
    throw new AppError("VALIDATION_FAILED", ONLINE_PAYMENT_UNAVAILABLE, "payment.method");
  }
  let charge: { result: ChargeResult; amountPaise: number } | undefined;
  return runOncePerKey(
    deps.db,
    { scope: SCOPE, key: idempotencyKey, requestHash: hashRequest(fingerprint(input)) },
    () =>
      runCheckout(deps, input, idempotencyKey, placer, (result, amountPaise) => {
        charge = { result, amountPaise };
      }),
    async () => {
      if (charge?.result.outcome === "approved") {
        await gateway?.refund(charge.result.transactionId, charge.amountPaise);
      }
    },
  );
}

async function runCheckout(
  deps: CheckoutDeps,
  input: PlaceOrder,
  idempotencyKey: string,
  placer: Placer,
  charged: (result: ChargeResult, amountPaise: number) => void,
): Promise<StoredResponse> {
  const { db, gateway } = deps;
  await deps.beforeWork?.();
  if (!isServiceable(input.delivery.pincode, deps.serviceablePincodes)) {
    throw new AppError("VALIDATION_FAILED", OUTSIDE_DELIVERY_AREA_MESSAGE, "delivery.pincode");
  }
  const lines = await readLines(db, input);
  const short = shortages(lines, (line) => line.product.stock);
  if (short.length > 0) throw outOfStockError(short);

  const breakdown = priceBreakdown(
    lines.map((line) => ({
      unitPricePaise: line.product.pricePaise,
      quantity: line.quantity,
      gstRateBps: line.product.gstRateBps,
    })),
  );

  const { payment } = input;
  let charge: ChargeResult | undefined;
  if (payment.method !== "cash" && gateway) {
    charge = await gateway.charge({
      method: payment.method,
      amountPaise: breakdown.totalPaise,
      instrument: instrumentOf(payment),
      reference: idempotencyKey,
      description: `Fresh Harvest Hub order`,
    });
    charged(charge, breakdown.totalPaise);
    if (charge.outcome === "declined") {
      await refuseDeclined(db, charge, {
        method: payment.method,
        amountPaise: breakdown.totalPaise,
        gateway: gateway.name,
        idempotencyKey,
      });
    }
  }
  const approved = charge?.outcome === "approved" ? charge : undefined;

  const summary = approved?.instrumentSummary ?? PAYMENT_METHOD_LABELS.cash;
  const lineValues = lines.map((line, index) => ({
    productId: line.product.id,
    name: line.product.name,
    unit: line.product.unit,
    hsnCode: line.product.hsnCode,
    unitPricePaise: line.product.pricePaise,
    quantity: line.quantity,
    gstRateBps: line.product.gstRateBps,
    taxablePaise: breakdown.lines[index]!.taxablePaise,
    gstPaise: breakdown.lines[index]!.gstPaise,
  }));
  const paymentValues: PaymentValues = {
    method: payment.method,
    status: approved ? "paid" : "pending",
    amountPaise: breakdown.totalPaise,
    gateway: approved && gateway ? gateway.name : "cash",
    transactionId: approved?.transactionId ?? null,
    instrumentSummary: summary,
    idempotencyKey,
  };

  for (let attempt = 1; ; attempt++) {
    const order: OrderValues = {
      orderNumber: newOrderNumber(),
      status: "placed",
      paymentStatus: approved ? "paid" : "pending",
      paymentMethod: payment.method,
      firstName: input.contact.firstName,
      lastName: input.contact.lastName,
      email: input.contact.email,
      phone: input.contact.phone,
      address: input.delivery.address,
      city: input.delivery.city,
      state: input.delivery.state,
      pincode: input.delivery.pincode,
      notes: input.notes,
      subtotalPaise: breakdown.subtotalPaise,
      gstPaise: breakdown.gstPaise,
      deliveryFeePaise: breakdown.deliveryFeePaise,
      totalPaise: breakdown.totalPaise,
      browserKeyHash: placer.browserKeyHash,
      customerId: placer.customerId ?? null,
      // Stamped here rather than by the database, so the answer and its email are made before
      // the one statement that writes them.
      placedAt: new Date(),
    };
    const view = toOrderView({ ...order, rating: null }, lineValues, summary);
    const answer: StoredResponse = { status: 201, body: view };
    const mail = deps.confirmationMail && outboxRow(deps.confirmationMail(view));
    try {
      const written = await writeOrder(db, {
        order,
        lines: lineValues,
        payment: paymentValues,
        mail,
        alsoWhenPlaced: (placed) =>
          completionQuery(db, SCOPE, idempotencyKey, answer, placed).getSQL(),
        openCashLimit: payment.method === "cash" ? { max: MAX_OPEN_CASH_ORDERS } : undefined,
      });
      if (written.orderId === null && written.tooManyOpenCashOrders) {
        throw new AppError(
          "CONFLICT",
          openCashOrdersMessage(gateway !== undefined),
          "payment.method",
        );
      }
      if (written.orderId === null) {
        throw new OutOfStock(shortages(lines, (line) => written.stock.get(line.product.id) ?? 0));
      }
      return answer;
    } catch (error) {
      if (error instanceof OutOfStock) {
        if (approved)
          await refund(deps, approved, breakdown.totalPaise, payment.method, idempotencyKey);
        throw outOfStockError(error.items);
      }
      if (
        isUniqueViolation(error, "orders_order_number_unique") &&
        attempt < ORDER_NUMBER_ATTEMPTS
      ) {
        continue;
      }
      throw error;
    }
  }
}

async function refund(
  deps: CheckoutDeps,
  charge: Extract<ChargeResult, { outcome: "approved" }>,
  amountPaise: number,
  method: string,
  idempotencyKey: string,
) {
  await deps.gateway?.refund(charge.transactionId, amountPaise);
  await deps.db.insert(payments).values({
    method,
    status: "refunded",
    amountPaise,
    gateway: deps.gateway?.name ?? "none",
    transactionId: charge.transactionId,
    instrumentSummary: charge.instrumentSummary,
    failureReason: "Refunded: items ran out of stock while paying",
    idempotencyKey,
  });
}
