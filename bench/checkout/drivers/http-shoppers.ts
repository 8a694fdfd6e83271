// Shoppers over HTTP, as a browser checks out: place the order, and for an online one pay in
// the provider's checkout and report its signed answer to the store; now and then the same
// request again, as a browser retrying or reloading would send it. Each loop is one shopper
// after another until the time is up; every answer goes into the phase's figures and the
// ledger the database is checked against afterwards.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { TEST_PROVIDER_API } from "../../../src/shared/contracts/test-provider.ts";
import type { ChildServer } from "../../support/child.ts";
import { type Acknowledged, emptyLedger, type Ledger } from "../ledger.ts";
import {
  type Catalogue,
  type Items,
  type Mix,
  newShopper,
  orderBody,
  type PaymentKind,
  paymentFor,
  pickItems,
  providerAttempt,
  READ_EVERY_MS,
  READ_FOR_MS,
  REPLAY_SHARE,
  type Shopper,
  VERIFY_REPLAY_SHARE,
} from "../load-model.ts";
import { type CallKind, newPhase, type Phase } from "../phase.ts";
import { type Paid, type ProviderSide, postWebhook } from "./provider-side.ts";
import { type Answer, storeRequest } from "./store-request.ts";

const textOf = (value: unknown) => (typeof value === "string" ? value : undefined);
const checkoutOf = (body: Answer["body"]) =>
  body?.checkout as { providerOrderId?: string } | undefined;
const isPlacedAndPaid = (answer: Answer) =>
  answer.body?.status === "placed" && answer.body?.paymentStatus === "paid";

export class Buyers {
  readonly ledger: Ledger = emptyLedger();
  private shoppers = 0;
  private readonly agent: http.Agent;

  constructor(
    private readonly server: ChildServer,
    private readonly catalogue: Catalogue,
    concurrency: number,
    private readonly provider?: ProviderSide,
  ) {
    this.agent = new http.Agent({
      keepAlive: true,
      maxSockets: concurrency,
      maxFreeSockets: concurrency,
    });
  }

  close() {
    this.agent.destroy();
  }

  /**
   * `concurrency` loops, each one shopper after another, until `seconds` have passed, paying as
   * `mix` says.
   */
  async run(name: string, seconds: number, concurrency: number, mix: Mix): Promise<Phase> {
    const phase = newPhase(name, mix);
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(Array.from({ length: concurrency }, () => this.loop(phase, deadline)));
    phase.wallSeconds = (performance.now() - started) / 1000;
    return phase;
  }

  /**
   * One cash order after another, each by a new shopper with the same cart, for the statement
   * capture: orders alike but for who places them. Throws unless each is placed (201).
   */
  async cashOrdersOneByOne(count: number, items: Items): Promise<void> {
    const phase = newPhase("capture", "cash");
    for (let n = 0; n < count; n++) {
      const shopper = newShopper(++this.shoppers, "cash");
      await this.checkout(phase, shopper, items);
      const created = phase.statuses.get("order 201") ?? 0;
      if (created !== n + 1)
        throw new Error(
          `a capture order was not placed: ${JSON.stringify(Object.fromEntries(phase.statuses))} ${phase.failures.join("; ")}`,
        );
    }
  }

  private async loop(phase: Phase, deadline: number) {
    let shopper = newShopper(++this.shoppers, phase.mix);
    while (performance.now() < deadline) {
      if (shopper.ordersLeft <= 0 || shopper.attemptsLeft <= 0)
        shopper = newShopper(++this.shoppers, phase.mix);
      shopper.ordersLeft--;
      let items = pickItems(this.catalogue);
      // A shopper told an item ran out takes it out of the cart and tries again, once.
      for (
        let attempt = 1;
        attempt <= 2 && items.length > 0 && shopper.attemptsLeft > 0;
        attempt++
      ) {
        const short = await this.checkout(phase, shopper, items);
        if (!short || performance.now() >= deadline) break;
        items = items.filter((item) => !short.has(item.productId));
      }
    }
  }

  /**
   * One checkout attempt with a new key: place the order, and for an online one pay at the
   * provider and report its answer. Returns the ids that were out of stock, if that was it.
   */
  private async checkout(
    phase: Phase,
    shopper: Shopper,
    items: Items,
  ): Promise<Set<string> | undefined> {
    shopper.attemptsLeft--;
    const payment = paymentFor(shopper, phase.mix);
    const body = JSON.stringify(orderBody(shopper, items, payment));
    const key = randomBytes(18).toString("base64url");
    const answer = await this.call(phase, "order", shopper, "/api/orders", body, key);
    const { ledger } = this;
    const code = textOf(answer.body?.code);
    let short: Set<string> | undefined;
    let placed: Acknowledged | undefined;

    if (answer.status === 201) {
      phase.newOrders++;
      const orderNumber = String(answer.body?.orderNumber);
      const providerOrderId = checkoutOf(answer.body)?.providerOrderId;
      placed = {
        orderNumber,
        totalPaise: Number(answer.body?.totalPaise),
        items,
        payment,
        providerOrderId,
      };
      ledger.acknowledged.set(key, placed);
      const earlier = ledger.keyByOrderNumber.get(orderNumber);
      if (earlier && earlier !== key) ledger.duplicateAcknowledgements.push(orderNumber);
      ledger.keyByOrderNumber.set(orderNumber, key);
      const status = textOf(answer.body?.status);
      if (payment === "cash") {
        if (status === "placed" && !providerOrderId) {
          phase.completedOrders++;
          phase.cashOrders++;
        } else ledger.flowSurprises.push(`${orderNumber}: cash order answered ${status}`);
      } else if (status !== "awaiting_payment" || !providerOrderId) {
        ledger.flowSurprises.push(
          `${orderNumber}: ${payment} order answered ${status}, checkout ${providerOrderId ?? "missing"}`,
        );
      }
    } else if (answer.status === 409 && code === "OUT_OF_STOCK") {
      const listed = (answer.body?.items ?? []) as { productId: string }[];
      short = new Set(listed.map((item) => item.productId));
      ledger.outOfStock.push({ key, items, short: [...short] });
    } else if (answer.status === 0 || answer.status >= 500) {
      ledger.unknown.push(`order ${key}`);
    } else if (answer.status > 0) {
      // 400, 409 CONFLICT (open cash orders, unpaid holds), 429...: the shoppers are made not to
      // meet the store's limits, so any other answer means the model or the store changed.
      ledger.flowSurprises.push(
        `${payment} order answered ${answer.status} ${code ?? ""}: ${String(answer.body?.message ?? "").slice(0, 160)}`,
      );
    }

    if (
      phase.name !== "capture" &&
      answer.status > 0 &&
      answer.status < 500 &&
      Math.random() < REPLAY_SHARE
    ) {
      await this.replay(phase, shopper, key, body, answer);
    }
    if (placed?.providerOrderId && payment !== "cash") {
      const declined = await this.pay(
        phase,
        shopper,
        placed.orderNumber,
        placed.providerOrderId,
        payment,
      );
      // Declined, the shopper gives up and leaves the order awaiting payment (its hold ends
      // later): the next shopper takes the slot, so nobody meets the store's unpaid-hold limit.
      if (declined) shopper.ordersLeft = 0;
    }
    return short;
  }

  /**
   * The shopper's part in the provider's checkout, then the browser's report to the store.
   * Returns whether the provider declined the payment.
   */
  private async pay(
    phase: Phase,
    shopper: Shopper,
    orderNumber: string,
    providerOrderId: string,
    payment: Exclude<PaymentKind, "cash">,
  ): Promise<boolean> {
    const { ledger } = this;
    const paid = this.provider?.pay
      ? this.payAtStandIn(phase, providerOrderId, payment)
      : await this.payAtTestProvider(phase, shopper, orderNumber, providerOrderId, payment);
    if (!paid) return false;
    if ("declined" in paid) {
      ledger.declined.push(orderNumber);
      if (payment !== "upi-declining")
        ledger.flowSurprises.push(`${orderNumber}: ${payment} payment declined`);
      return true;
    }
    if (payment === "upi-declining") {
      ledger.flowSurprises.push(`${orderNumber}: ${payment} payment was taken`);
      return false;
    }
    const { paymentId, report: proof } = paid;
    const path = `/api/orders/${orderNumber}/payment`;
    const verified = await this.call(phase, "verify", shopper, path, proof);
    if (verified.status === 200) {
      ledger.paid.set(orderNumber, { paymentId, providerOrderId, via: "200" });
      if (isPlacedAndPaid(verified)) {
        phase.completedOrders++;
        phase.onlineOrders++;
      } else
        ledger.flowSurprises.push(
          `${orderNumber}: verify 200 says ${String(verified.body?.status)}/${String(verified.body?.paymentStatus)}`,
        );
    } else if (verified.status === 202) {
      // Signed, but the provider has not said it took the money: the order page reads the order
      // until the webhook has made it paid.
      if (await this.readUntilPaid(phase, shopper, orderNumber)) {
        ledger.paid.set(orderNumber, { paymentId, providerOrderId, via: "202" });
        phase.completedOrders++;
        phase.onlineOrders++;
      } else
        ledger.flowSurprises.push(
          `${orderNumber}: verify 202, still not paid ${READ_FOR_MS / 1000} s later`,
        );
    } else if (verified.status === 0 || verified.status >= 500) {
      ledger.unknown.push(`verify ${orderNumber}`);
    } else {
      ledger.flowSurprises.push(
        `${orderNumber}: verify ${verified.status} ${String(verified.body?.code)}`,
      );
    }
    if (verified.status === 200 && Math.random() < VERIFY_REPLAY_SHARE) {
      const again = await this.call(phase, "verify", shopper, path, proof, undefined, true);
      ledger.verifyReplays.push({
        orderNumber,
        status: again.status,
        same: again.status === 200 && isPlacedAndPaid(again),
        detail: `${orderNumber}: report again ${again.status} ${String(again.body?.status ?? again.body?.code ?? again.error)}`,
      });
    }
    return false;
  }

  /** The test provider's checkout, served by the store: a payment attempt over HTTP. */
  private async payAtTestProvider(
    phase: Phase,
    shopper: Shopper,
    orderNumber: string,
    providerOrderId: string,
    payment: Exclude<PaymentKind, "cash">,
  ): Promise<Paid | undefined> {
    const paid = await this.call(
      phase,
      "provider",
      shopper,
      `${TEST_PROVIDER_API}/orders/${providerOrderId}/payments`,
      JSON.stringify(providerAttempt(payment)),
    );
    if (paid.status === 402) return { declined: true };
    if (paid.status === 200) {
      return { paymentId: String(paid.body?.paymentId), report: JSON.stringify(paid.body) };
    }
    if (paid.status === 0 || paid.status >= 500) this.ledger.unknown.push(`pay ${orderNumber}`);
    else this.ledger.flowSurprises.push(`${orderNumber}: ${payment} payment got ${paid.status}`);
    return undefined;
  }

  /**
   * The stand-in's checkout, in this process; its webhook goes to the store at once and is
   * timed as the provider's call, its answer counted like the store's others.
   */
  private payAtStandIn(
    phase: Phase,
    providerOrderId: string,
    payment: Exclude<PaymentKind, "cash">,
  ): Paid {
    return this.provider!.pay!(providerOrderId, payment, (body, headers) => {
      const started = performance.now();
      void postWebhook(this.agent, this.server, body, headers).then((status) => {
        const label = status === 0 ? "webhook network error" : `webhook ${status}`;
        const failure = status !== 200 ? `${label} (${providerOrderId})` : undefined;
        counted(phase, "provider", started, label, failure);
      });
    });
  }

  /** The order page after a 202: reads the order until it is paid, or gives up. */
  private async readUntilPaid(phase: Phase, shopper: Shopper, orderNumber: string) {
    const until = performance.now() + READ_FOR_MS;
    while (performance.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
      const read = await this.call(phase, "read", shopper, `/api/orders/${orderNumber}`);
      if (read.status === 200 && isPlacedAndPaid(read)) return true;
      if (read.status !== 200) return false;
    }
    return false;
  }

  /** The same key and body again, as a browser retrying after a lost answer would send them. */
  private async replay(phase: Phase, shopper: Shopper, key: string, body: string, first: Answer) {
    const again = await this.call(phase, "order", shopper, "/api/orders", body, key, true);
    const sameStatus = again.status === first.status;
    const sameOrder =
      first.status === 201
        ? again.body?.orderNumber === first.body?.orderNumber &&
          again.body?.totalPaise === first.body?.totalPaise &&
          checkoutOf(again.body)?.providerOrderId === checkoutOf(first.body)?.providerOrderId
        : again.body?.code === first.body?.code;
    const describe = (answer: Answer) =>
      `${answer.status} ${String(answer.body?.orderNumber ?? answer.body?.code ?? answer.error)}${checkoutOf(answer.body) ? ` ${checkoutOf(answer.body)?.providerOrderId}` : ""}`;
    this.ledger.replays.push({
      key,
      status: again.status,
      same: sameStatus && sameOrder,
      detail: `first ${describe(first)}, replay ${describe(again)}`,
    });
  }

  /** One request, timed and counted in the phase under `kind` (a replay labelled as one). */
  private async call(
    phase: Phase,
    kind: CallKind,
    shopper: Shopper,
    path: string,
    body?: string,
    key?: string,
    replay = false,
  ): Promise<Answer> {
    const started = performance.now();
    const answer = await storeRequest(this.agent, this.server, shopper, path, body, key);
    if (answer.setCookie) shopper.cookie = answer.setCookie;
    const code = textOf(answer.body?.code) ?? "";
    const label =
      answer.status === 0
        ? `${kind} network error`
        : `${kind} ${answer.status}${code && answer.status >= 300 ? ` ${code}` : ""}${replay ? " (replay)" : ""}`;
    const failure =
      answer.status === 0 || answer.status >= 500
        ? `${label} (${path}): ${answer.error ?? JSON.stringify(answer.body)?.slice(0, 300)}`
        : undefined;
    counted(phase, kind, started, label, failure);
    return answer;
  }
}

/** One answer in the phase's figures: its time, its label's count, and a failure worth naming. */
function counted(
  phase: Phase,
  kind: CallKind,
  started: number,
  label: string,
  failure: string | undefined,
) {
  phase.latencies[kind].push(performance.now() - started);
  phase.requests[kind]++;
  phase.statuses.set(label, (phase.statuses.get(label) ?? 0) + 1);
  if (failure && phase.failures.length < 20) phase.failures.push(failure);
}
