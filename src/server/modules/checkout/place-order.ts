import { type SQL, sql } from "drizzle-orm";
import { productName } from "../../../shared/catalogue.ts";
import type { PlaceOrder } from "../../../shared/contracts/checkout.ts";
import { PAYMENT_METHOD_LABELS } from "../../../shared/contracts/checkout.ts";
import type { OrderView, OutOfStockItem } from "../../../shared/contracts/orders.ts";
import { PAYMENT_MESSAGES } from "../../../shared/contracts/payments.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { cashOrderCapMessage, cashOrderSize } from "../../../shared/rules/cash-order-caps.ts";
import {
  isServiceable,
  OUTSIDE_DELIVERY_AREA_MESSAGE,
} from "../../../shared/rules/delivery-area.ts";
import { formatQuantity, quantityProblem } from "../../../shared/rules/measure.ts";
import {
  MAX_OPEN_CASH_ORDERS,
  MAX_UNPAID_HOLDS,
  networkCashOrdersMessage,
  openCashOrdersMessage,
  UNPAID_HOLDS_MESSAGE,
} from "../../../shared/rules/open-cash-orders.ts";
import { totalsByProduct } from "../../../shared/rules/order-quantity.ts";
import { ONLINE_PAYMENT_UNAVAILABLE } from "../../../shared/rules/payment-options.ts";
import { priceBreakdown } from "../../../shared/rules/pricing.ts";
import type { Database } from "../../db/client.ts";
import { withUniqueRetry } from "../../db/with-unique-retry.ts";
import { AppError } from "../../http/app-error.ts";
import {
  type ClaimedWith,
  ClaimLost,
  completionQuery,
  hashRequest,
  heldByThisInstance,
  runOncePerKey,
  type StoredResponse,
} from "../idempotency/index.ts";
import { products } from "../inventory/schema.ts";
import { type OutgoingMail, outboxRow } from "../mail/index.ts";
import { type OrderValues, type PaymentValues, toOrderView, writeOrder } from "../orders/index.ts";
import type { PaymentGateway, ProviderOrder } from "../payments/index.ts";
import { checkoutSessionFor, type PaymentHold, ProviderUnavailable } from "../payments/index.ts";
import type { CashNetwork } from "./cash-network.ts";
import { newOrderNumber } from "./order-number.ts";

export type CheckoutDeps = {
  db: Database;
  /** None: the store has no payment provider and takes cash on delivery only. */
  gateway: PaymentGateway | undefined;
  serviceablePincodes: readonly string[];
  /** The email a placed order sends; it is written to the outbox with the order, atomically. */
  confirmationMail?: (order: OrderView) => OutgoingMail;
  /**
   * Runs once per Idempotency-Key before any check or charge, e.g. the mail recipient limit; it
   * is given what `countWithClaim` counted, if the claim's statement counted.
   */
  beforeWork?: (counted: ClaimedWith["counted"]) => Promise<void>;
  /** A count made in the key claim's statement when the claim starts the work (WithClaim). */
  countWithClaim?: (onlyIf: SQL) => SQL;
  /** How long an online order holds its stock while the shopper pays. */
  hold: PaymentHold;
};

export type Placer = {
  browserKeyHash: string;
  customerId?: string | null;
  /** The network a cash order counts under, and its cap (cash-network.ts). */
  network: CashNetwork;
  /** The page's language: the order remembers it, and its mails go out in it. */
  locale: Locale;
};

const SCOPE = "checkout";
const ORDER_NUMBER_ATTEMPTS = 5;

type LineProduct = Pick<
  typeof products.$inferSelect,
  | "id"
  | "name"
  | "nameOr"
  | "nameHi"
  | "unit"
  | "hsnCode"
  | "pricePaise"
  | "gstRateBps"
  | "stock"
  | "step"
  | "minimum"
>;
type Line = { product: LineProduct; quantity: number };

function outOfStockError(items: OutOfStockItem[]): AppError {
  const list = items
    .map(
      (item) =>
        `${item.name} (${item.available === 0 ? "sold out" : `only ${formatQuantity(item.available, item.unit)} left`})`,
    )
    .join(", ");
  return new AppError(
    "OUT_OF_STOCK",
    `Some items are no longer available in the quantity you chose: ${list}. Please update your cart.`,
    undefined,
    { items },
  );
}

/**
 * The ordered products still in the shop, as one JSON value: read in the key claim's statement,
 * so checking prices and stock costs no round trip of its own.
 */
function lineProductsQuery(input: PlaceOrder): SQL {
  const ids = [...totalsByProduct(input.items).keys()];
  return sql`(select coalesce(json_agg(json_build_object(
      'id', ${products.id}, 'name', ${products.name}, 'nameOr', ${products.nameOr},
      'nameHi', ${products.nameHi}, 'unit', ${products.unit},
      'hsnCode', ${products.hsnCode}, 'pricePaise', ${products.pricePaise},
      'gstRateBps', ${products.gstRateBps}, 'stock', ${products.stock},
      'step', ${products.step}, 'minimum', ${products.minimum})), '[]'::json)
    from ${products}
    where ${products.id} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and ${products.archivedAt} is null)`;
}

/** A line's name in the order's language, kept only where it is not the English one. */
function localNameOf(product: LineProduct, locale: Locale): string | null {
  const name = productName(product, locale);
  return name === product.name ? null : name;
}

function readLines(input: PlaceOrder, rows: LineProduct[]): Line[] {
  const quantities = totalsByProduct(input.items);
  const ids = [...quantities.keys()].sort();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw new AppError(
      "VALIDATION_FAILED",
      `Unknown product${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`,
      "items",
    );
  }
  // Checked with the names at hand, so the refusal says which product to change and how: its
  // cap, its minimum and its steps (a weight of 300 g where the steps are 250 g is refused).
  const problems = ids.flatMap((id) => {
    const product = byId.get(id)!;
    const problem = quantityProblem(product, quantities.get(id)!);
    return problem ? [problem] : [];
  });
  if (problems.length > 0) throw new AppError("VALIDATION_FAILED", problems.join(" "), "items");
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
      unit: line.product.unit,
    }));
}

/**
 * Checkout as small steps: check the delivery area, prices and stock; for an online method create
 * the provider's order for the exact amount; then, in one atomic statement, take the stock (never
 * below zero) and write the order, its lines, its payment and (for cash) its email. An online
 * order awaits its payment holding that stock (order-payment.ts confirms it, the unpaid-order
 * sweep releases it). One Idempotency-Key gives one answer, however often it is sent.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  input: PlaceOrder,
  idempotencyKey: string,
  placer: Placer,
): Promise<StoredResponse> {
  // Refused before the key is claimed: nothing is written, and the same key may then pay cash.
  if (input.payment.method !== "cash" && !deps.gateway) {
    throw new AppError("VALIDATION_FAILED", ONLINE_PAYMENT_UNAVAILABLE, "payment.method");
  }
  try {
    return await runOncePerKey(
      deps.db,
      {
        scope: SCOPE,
        key: idempotencyKey,
        requestHash: hashRequest(input),
        // The key is the placer's: only the same browser or signed-in customer gets its order.
        placer: { browserKeyHash: placer.browserKeyHash, customerId: placer.customerId ?? null },
      },
      (claimed) => runCheckout(deps, input, idempotencyKey, placer, claimed),
      // Nothing to undo: a provider order nobody pays simply expires at the provider.
      async () => {},
      { count: deps.countWithClaim, read: lineProductsQuery(input) },
    );
  } catch (error) {
    // The key was freed: the shopper may press again with it once the provider answers.
    if (error instanceof ProviderUnavailable) {
      throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.unavailable, "payment.method");
    }
    throw error;
  }
}

async function runCheckout(
  deps: CheckoutDeps,
  input: PlaceOrder,
  idempotencyKey: string,
  placer: Placer,
  claimed: ClaimedWith,
): Promise<StoredResponse> {
  const { db, gateway } = deps;
  await deps.beforeWork?.(claimed.counted);
  if (!isServiceable(input.delivery.pincode, deps.serviceablePincodes)) {
    throw new AppError("VALIDATION_FAILED", OUTSIDE_DELIVERY_AREA_MESSAGE, "delivery.pincode");
  }
  const lines = readLines(input, claimed.read as LineProduct[]);
  const breakdown = priceBreakdown(
    lines.map((line) => ({
      unitPricePaise: line.product.pricePaise,
      quantity: line.quantity,
      unit: line.product.unit,
      gstRateBps: line.product.gstRateBps,
    })),
  );

  const method = input.payment.method;
  const online = method !== "cash" && gateway ? gateway : undefined;
  if (method === "cash") {
    const tooLarge = cashOrderCapMessage(
      cashOrderSize(
        lines.map((line) => ({
          productId: line.product.id,
          quantity: line.quantity,
          unit: line.product.unit,
        })),
        breakdown.totalPaise,
      ),
      gateway !== undefined,
    );
    if (tooLarge) throw new AppError("VALIDATION_FAILED", tooLarge, "payment.method");
  }
  // After the caps: an order too large for cash is told so, not sent to trim one line.
  const short = shortages(lines, (line) => line.product.stock);
  if (short.length > 0) throw outOfStockError(short);

  const summary = PAYMENT_METHOD_LABELS[method];
  const lineValues = lines.map((line, index) => ({
    productId: line.product.id,
    name: line.product.name,
    localName: localNameOf(line.product, placer.locale),
    unit: line.product.unit,
    hsnCode: line.product.hsnCode,
    unitPricePaise: line.product.pricePaise,
    quantity: line.quantity,
    gstRateBps: line.product.gstRateBps,
    taxablePaise: breakdown.lines[index]!.taxablePaise,
    gstPaise: breakdown.lines[index]!.gstPaise,
  }));

  const retry = {
    constraint: "orders_order_number_unique",
    attempts: ORDER_NUMBER_ATTEMPTS,
    what: "order number",
  };
  return withUniqueRetry(retry, async () => {
    const orderNumber = newOrderNumber();
    let providerOrder: ProviderOrder | undefined;
    if (online) {
      providerOrder = await online.createOrder({
        amountPaise: breakdown.totalPaise,
        receipt: orderNumber,
        notes: { order_number: orderNumber },
      });
    }
    // Stamped here rather than by the database, so the answer and its email are made before
    // the one statement that writes them.
    const placedAt = new Date();
    const paymentDueAt = online ? deps.hold.until(placedAt) : null;
    const order: OrderValues = {
      orderNumber,
      status: online ? "awaiting_payment" : "placed",
      paymentStatus: "pending",
      paymentMethod: method,
      firstName: input.contact.firstName,
      lastName: input.contact.lastName,
      email: input.contact.email,
      locale: placer.locale,
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
      placedAt,
      paymentDueAt,
      networkKey: online ? null : placer.network.key,
    };
    const paymentValues: PaymentValues = {
      method,
      status: "pending",
      amountPaise: breakdown.totalPaise,
      gateway: online ? online.name : "cash",
      transactionId: null,
      instrumentSummary: summary,
      idempotencyKey,
      providerOrderId: providerOrder?.providerOrderId ?? null,
    };
    const view = toOrderView({ ...order, rating: null }, lineValues, summary);
    const body =
      online && providerOrder && paymentDueAt
        ? {
            ...view,
            checkout: checkoutSessionFor(online, {
              providerOrderId: providerOrder.providerOrderId,
              amountPaise: breakdown.totalPaise,
              method,
              orderNumber,
              payer: input.contact,
              payBy: paymentDueAt,
            }),
          }
        : view;
    const answer: StoredResponse = { status: 201, body };
    // An online order's email goes when it is paid (order-payment.ts).
    const mail = !online && deps.confirmationMail && outboxRow(deps.confirmationMail(view));
    const written = await writeOrder(db, {
      order,
      lines: lineValues,
      payment: paymentValues,
      mail: mail || undefined,
      alsoWhenPlaced: (placed) =>
        completionQuery(db, SCOPE, idempotencyKey, answer, placed).getSQL(),
      openCashLimit:
        method === "cash"
          ? { perShopper: MAX_OPEN_CASH_ORDERS, perNetwork: placer.network.max }
          : undefined,
      heldLimit: online ? { max: MAX_UNPAID_HOLDS } : undefined,
      onlyWhile: heldByThisInstance(SCOPE, idempotencyKey),
    });
    if (written.orderId === null && "claimLost" in written) throw new ClaimLost();
    if (written.orderId === null && written.tooManyOpenCashOrders) {
      const message = online
        ? UNPAID_HOLDS_MESSAGE
        : written.tooManyOpenCashOrders === "network"
          ? networkCashOrdersMessage(gateway !== undefined, placer.network.max)
          : openCashOrdersMessage(gateway !== undefined);
      throw new AppError("CONFLICT", message, "payment.method");
    }
    if (written.orderId === null) {
      throw outOfStockError(shortages(lines, (line) => written.stock.get(line.product.id) ?? 0));
    }
    return answer;
  });
}
