// Shoppers under a fault: each checkout as the storefront makes it (cash on delivery in one call;
// online: place, pay in the provider's checkout, report the provider's answer), pressing again
// with the same Idempotency-Key when no answer came, a 5xx came (after its Retry-After), or the
// store said the order is still being placed. Everything they were told is kept for the
// invariant checker: the orders acknowledged (201), the payments the provider captured and
// whether the store accepted them, and the keys never answered.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type {
  AcknowledgedOrder,
  CapturedPayment,
} from "../../src/server/testing/store-invariants.ts";
import type { PlaceOrderInput } from "../../src/shared/contracts/checkout.ts";
import { ORDER_ACCESS_KEY_PATH } from "../../src/shared/contracts/order-access.ts";
import { quantityOf, type ShelfProduct } from "../support/shelves.ts";
import { shopperDelivery } from "../support/shopper-delivery.ts";
import { type Answer, type Call, httpCall, nextLoopbackAddress } from "./http-call.ts";
import type { PaymentPath } from "./payment-paths.ts";
import type { CallKind, Tally } from "./tally.ts";

export type ShopTarget = {
  /** Where requests go now: a store, or the proxy in front of the stores. */
  base(): string;
  /** The Origin the store's pages send (its PUBLIC_URL). */
  origin: string;
};

export type ShoppersOptions = {
  buyers: number;
  /** Products to buy from, each with stock to spare. */
  products: ShelfProduct[];
  payment: PaymentPath;
  /** Share of checkouts paid online (card or UPI); the rest are cash on delivery. */
  onlineShare: number;
  /** How long a shopper keeps pressing again before giving up on a checkout or a payment. */
  patienceMs: number;
  /** Browsers reading the catalogue meanwhile (GET /api/products). */
  catalogueReaders: number;
};

type Shopper = {
  id: number;
  address: string;
  email: string;
  phone: string;
  /** The store's browser cookie (name=value), once it has set one. */
  cookie: string | undefined;
  ordersLeft: number;
};

/** What happened to online payments beyond the plain path, for the report. */
export type PaymentNotes = {
  /** The provider no longer knew the order (its store process died): the shopper chose cash. */
  lostAtProviderSwitchedToCash: number;
  lostAtProviderLeft: number;
  /** The store did not take a payment the provider captured (the order still awaits one). */
  notAccepted: number;
  /** Gave up paying (no answer within patience). */
  gaveUpPaying: number;
};

const BROWSER_COOKIE = "fhh_browser";
let runs = 0;

/** A lost answer, a 5xx, or "already being placed": the same request may be sent again. */
export const worthRetrying = (answer: Answer) =>
  answer.status === 0 || answer.status >= 500 || answer.body?.code === "IN_PROGRESS";

/** As a shopper would wait before pressing again: what Retry-After says, or a moment. */
const pause = (answer: Answer) =>
  sleep(
    answer.retryAfter !== undefined
      ? Math.min(answer.retryAfter, 5) * 1000
      : 400 + Math.random() * 400,
  );

export class Shoppers {
  readonly acknowledged: AcknowledgedOrder[] = [];
  readonly captured: CapturedPayment[] = [];
  readonly unansweredKeys: string[] = [];
  /** Orders paid online and accepted, and cash orders, in the order placed: for the staff desk. */
  readonly paidOrders: string[] = [];
  readonly cashOrders: string[] = [];
  readonly notes: PaymentNotes = {
    lostAtProviderSwitchedToCash: 0,
    lostAtProviderLeft: 0,
    notAccepted: 0,
    gaveUpPaying: 0,
  };
  /**
   * Checkouts told "already being placed" (409 IN_PROGRESS): when that began and ended, and
   * whether the key was answered in the end.
   */
  readonly inProgress = new Map<string, { from: number; to: number; answered: boolean }>();
  /** Answers no step of the flow expects (a 4xx other than out of stock), for the report. */
  readonly surprises: string[] = [];
  private stopping = false;
  private running: Promise<unknown> | undefined;
  private shoppers = 0;
  private readonly run = ++runs;

  constructor(
    private readonly target: ShopTarget,
    private readonly tally: Tally,
    private readonly options: ShoppersOptions,
  ) {}

  start(): void {
    const loops = Array.from({ length: this.options.buyers }, () => this.loop());
    const readers = Array.from({ length: this.options.catalogueReaders }, () => this.read());
    this.running = Promise.all([...loops, ...readers]);
  }

  /** No new checkouts; the ones under way finish (retrying within their patience). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** One cash checkout by a new shopper, for a race: answers what the store said. */
  async buyOnce(items: PlaceOrderInput["items"]): Promise<Answer | undefined> {
    return this.checkout(this.newShopper(), items, "cash");
  }

  private newShopper(): Shopper {
    const id = ++this.shoppers;
    return {
      id,
      address: nextLoopbackAddress(),
      email: `faults.${process.pid}.${this.run}.${id}@example.in`,
      phone: `9${String(this.run % 10)}${String(id % 1e8).padStart(8, "0")}`,
      cookie: undefined,
      // The store keeps 3 open cash orders per phone and mails an address 5 times an hour.
      ordersLeft: 1 + Math.floor(Math.random() * 3),
    };
  }

  private async loop(): Promise<void> {
    let shopper = this.newShopper();
    while (!this.stopping) {
      if (shopper.ordersLeft <= 0) shopper = this.newShopper();
      shopper.ordersLeft--;
      const online = Math.random() < this.options.onlineShare;
      const method = online ? (Math.random() < 0.6 ? "card" : "upi") : "cash";
      await this.checkout(shopper, this.pickItems(), method);
    }
  }

  private async read(): Promise<void> {
    const address = nextLoopbackAddress();
    while (!this.stopping) {
      await this.send("catalogue", { path: "/api/products", from: address });
      await sleep(150);
    }
  }

  private pickItems(): PlaceOrderInput["items"] {
    const { products } = this.options;
    const chosen = new Set<ShelfProduct>();
    const count = 1 + Math.floor(Math.random() * 3);
    while (chosen.size < Math.min(count, products.length)) {
      chosen.add(products[Math.floor(Math.random() * products.length)]!);
    }
    return [...chosen].map((product) => ({
      productId: product.id,
      quantity: quantityOf(product, 1 + Math.floor(Math.random() * 2)),
    }));
  }

  private async send(kind: CallKind, call: Omit<Call, "base">): Promise<Answer> {
    const sent = this.tally.now();
    const answer = await httpCall({
      base: this.target.base(),
      origin: this.target.origin,
      ...call,
    });
    this.tally.record(kind, sent, answer);
    return answer;
  }

  /** Sends until the answer is one to act on, or patience runs out (undefined). */
  private async retrying(
    kind: CallKind,
    shopper: Shopper,
    call: Omit<Call, "base" | "from" | "cookie">,
    until: number,
  ): Promise<Answer | undefined> {
    for (;;) {
      const answer = await this.send(kind, {
        ...call,
        from: shopper.address,
        cookie: shopper.cookie,
      });
      const cookie = answer.cookies.get(BROWSER_COOKIE);
      if (cookie) shopper.cookie = `${BROWSER_COOKIE}=${cookie}`;
      if (answer.body?.code === "IN_PROGRESS" && call.idempotencyKey) {
        const now = performance.now();
        const streak = this.inProgress.get(call.idempotencyKey);
        if (streak) streak.to = now;
        else this.inProgress.set(call.idempotencyKey, { from: now, to: now, answered: false });
      }
      if (!worthRetrying(answer)) return answer;
      if (performance.now() >= until) return undefined;
      await pause(answer);
    }
  }

  private async checkout(
    shopper: Shopper,
    items: PlaceOrderInput["items"],
    method: "cash" | "card" | "upi",
  ): Promise<Answer | undefined> {
    const key = randomUUID();
    const until = performance.now() + this.options.patienceMs;
    // As the checkout page does: the browser holds its order-access key before its first press,
    // so a press again after an answer the fault swallowed is its own, and gets its order.
    if (!shopper.cookie) {
      const opened = await this.retrying(
        "access-key",
        shopper,
        { path: ORDER_ACCESS_KEY_PATH, body: {} },
        until,
      );
      if (!shopper.cookie) return opened;
    }
    const body: PlaceOrderInput = {
      contact: {
        firstName: "Asha",
        lastName: `Shopper ${shopper.id}`,
        email: shopper.email,
        phone: shopper.phone,
      },
      delivery: shopperDelivery(shopper.id),
      notes: "",
      payment: { method },
      items,
    };
    const placed = await this.retrying(
      "order",
      shopper,
      { path: "/api/orders", body, idempotencyKey: key },
      until,
    );
    const streak = this.inProgress.get(key);
    if (streak) streak.answered = placed !== undefined;
    if (!placed) {
      this.unansweredKeys.push(key);
      return undefined;
    }
    if (placed.status !== 201) {
      if (placed.body?.code !== "OUT_OF_STOCK") {
        this.surprises.push(`order ${placed.status} ${String(placed.body?.code)}`);
        shopper.ordersLeft = 0;
      }
      return placed;
    }
    const orderNumber = String(placed.body?.orderNumber);
    this.acknowledged.push({
      orderNumber,
      key,
      items,
      totalPaise: Number(placed.body?.totalPaise),
    });
    if (method === "cash") {
      this.cashOrders.push(orderNumber);
      return placed;
    }
    const providerOrderId = (placed.body?.checkout as { providerOrderId?: string } | undefined)
      ?.providerOrderId;
    if (placed.body?.status !== "awaiting_payment" || !providerOrderId) {
      this.surprises.push(`${orderNumber}: online order answered ${String(placed.body?.status)}`);
      return placed;
    }
    await this.payOnline(shopper, orderNumber, providerOrderId, method);
    return placed;
  }

  private async payOnline(
    shopper: Shopper,
    orderNumber: string,
    providerOrderId: string,
    method: "card" | "upi",
  ): Promise<void> {
    const until = performance.now() + this.options.patienceMs;
    const send = (path: string, body: unknown) =>
      this.send("provider", { path, body, from: shopper.address, cookie: shopper.cookie });
    let paid = await this.options.payment.pay(providerOrderId, method, send);
    while (paid.kind === "unanswered") {
      if (!worthRetrying(paid.answer) || performance.now() >= until) {
        this.notes.gaveUpPaying++;
        return;
      }
      await pause(paid.answer);
      paid = await this.options.payment.pay(providerOrderId, method, send);
    }
    if (paid.kind === "lost") {
      // The storefront offers cash on delivery for an order it cannot take payment for.
      const switched = await this.retrying(
        "pay-on-delivery",
        shopper,
        { path: `/api/orders/${orderNumber}/pay-on-delivery`, body: {} },
        until,
      );
      if (switched?.status === 200) {
        this.notes.lostAtProviderSwitchedToCash++;
        this.cashOrders.push(orderNumber);
      } else {
        this.notes.lostAtProviderLeft++;
      }
      return;
    }
    const { proof } = paid;
    const path = `/api/orders/${orderNumber}/payment`;
    const verified = await this.retrying("verify", shopper, { path, body: proof }, until);
    let accepted = verified?.status === 200 && verified.body?.paymentStatus === "paid";
    // 202: signed, but the provider has not said it took the money; the order page reads the
    // order until its webhook has.
    if (verified?.status === 202) accepted = await this.readUntilPaid(shopper, orderNumber);
    if (!accepted) this.notes.notAccepted++;
    this.captured.push({
      orderNumber,
      providerOrderId,
      paymentId: proof.paymentId,
      accepted,
    });
    if (accepted) this.paidOrders.push(orderNumber);
  }

  private async readUntilPaid(shopper: Shopper, orderNumber: string): Promise<boolean> {
    const until = performance.now() + 6000;
    while (performance.now() < until) {
      await sleep(300);
      const read = await this.send("read", {
        path: `/api/orders/${orderNumber}`,
        from: shopper.address,
        cookie: shopper.cookie,
      });
      if (read.status === 200 && read.body?.paymentStatus === "paid") return true;
    }
    return false;
  }
}
