// A local stand-in for Razorpay's REST API (Orders, Payments, Refunds), its Checkout's answer and
// its webhooks, so the Razorpay adapter is tested without the internet. Shapes follow Razorpay's
// API docs; it keeps everything in memory and checks only what the adapter depends on.
import { randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { checkoutSignature, hmacHex } from "../modules/payments/hosted-signatures.ts";

export type RazorpayErrorBody = {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
  metadata: Record<string, unknown>;
  field?: string;
};

export type StandInOrder = {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, unknown> | [];
  created_at: number;
};

export type StandInCard = {
  id: string;
  entity: "card";
  name: string;
  last4: string;
  network: string;
  type: "credit" | "debit";
  issuer: string | null;
  international: boolean;
  emi: boolean;
  sub_type: "consumer" | "business";
};

export type StandInPayment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: "card" | "upi" | "netbanking" | "wallet";
  amount_refunded: number;
  refund_status: null | "partial" | "full";
  captured: boolean;
  description: string | null;
  card_id: string | null;
  /** Sent only in webhooks and to `expand[]=card`, as Razorpay does. */
  card?: StandInCard;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  upi?: { payer_account_type: string; vpa: string; flow: string };
  email: string;
  contact: string;
  notes: Record<string, unknown> | [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
};

export type StandInRefund = {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, unknown> | [];
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: "pending" | "processed" | "failed";
  speed_processed: "normal";
  speed_requested: string;
};

export type StandInRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown;
  rawBody: string;
};

export type PayOptions = {
  method: "card" | "upi" | "netbanking" | "wallet";
  outcome?: "captured" | "failed";
  /** Card: what Razorpay shows of it, "Visa" and "1111" unless given. */
  network?: string;
  last4?: string;
  vpa?: string;
  bank?: string;
  wallet?: string;
  failureReason?: string;
  /** When the shopper paid, for listing by time; now unless given. */
  createdAt?: Date;
};

/** What Checkout hands the page: its handler's answer, or the error its payment.failed shows. */
export type CheckoutAnswer =
  | { outcome: "captured"; orderId: string; paymentId: string; signature: string }
  | { outcome: "failed"; orderId: string; paymentId: string; error: RazorpayErrorBody };

export type WebhookEvent =
  | "payment.captured"
  | "payment.failed"
  | "order.paid"
  | "refund.processed"
  | "refund.failed";

export type Fault = { status: 500 | 502 | 503 | 429 } | { hangMs: number };

export type RazorpayStandIn = {
  /** Pass as the gateway's `apiUrl`. */
  url: string;
  close(): Promise<void>;
  /** The shopper pays a provider order in Checkout. */
  pay(orderId: string, options: PayOptions): CheckoutAnswer;
  /**
   * The exact bytes and headers Razorpay would POST for this event, from the entity as it is now
   * (a payment id; for order.paid an order or payment id; a refund id). A new event id each call.
   */
  webhook(event: WebhookEvent, entityId: string): { body: Buffer; headers: Record<string, string> };
  settleRefund(refundId: string, status: "processed" | "failed"): void;
  /** The next `count` API requests, whatever their path, fail so or hang first. */
  failNext(count: number, fault: Fault): void;
  /**
   * From now on every API request is taken in and never answered, nor acted on: its connection
   * stays open until the caller gives up (or `answerAgain`, or close).
   */
  stopAnswering(): void;
  /** Ends `stopAnswering`: the next requests are answered (the held ones never are). */
  answerAgain(): void;
  /** Requests taken in while not answering whose connection the caller still holds open. */
  unanswered(): number;
  /** Requests taken in while not answering, whether or not their caller gave up since. */
  ignored(): number;
  requests: StandInRequest[];
  orders: Map<string, StandInOrder>;
  payments: Map<string, StandInPayment>;
  refunds: Map<string, StandInRefund>;
};

export async function startRazorpayStandIn(options: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** "once": a refund is processed when made (the default); "later": pending until settled. */
  refundsSettleAt?: "once" | "later";
}): Promise<RazorpayStandIn> {
  const { keyId, keySecret, webhookSecret, refundsSettleAt = "once" } = options;
  const expectedAuthorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  const orders = new Map<string, StandInOrder>();
  const payments = new Map<string, StandInPayment>();
  const refunds = new Map<string, StandInRefund>();
  const idempotent = new Map<string, { request: string; refundId: string }>();
  const requests: StandInRequest[] = [];
  const faults: Fault[] = [];
  const hangs = new Set<NodeJS.Timeout>();
  let answering = true;
  const held = new Set<ServerResponse>();
  let ignored = 0;

  function route(request: StandInRequest, expand: string[]): Answer {
    const { method, path, body } = request;
    const withCard = expand.includes("card");
    const idIn = (pattern: RegExp) => path.match(pattern)?.[1];
    if (method === "POST" && path === "/v1/orders") return createOrder(body);
    if (method === "GET" && path === "/v1/payments") return listPayments(request.query, withCard);
    const orderId = idIn(/^\/v1\/orders\/([^/]+)$/);
    if (method === "GET" && orderId) {
      const order = orders.get(orderId);
      return order ? ok(order) : noSuchId();
    }
    const paidOrderId = idIn(/^\/v1\/orders\/([^/]+)\/payments$/);
    if (method === "GET" && paidOrderId) {
      if (!orders.has(paidOrderId)) return noSuchId();
      const items = [...payments.values()].filter((p) => p.order_id === paidOrderId);
      return ok(collection(items.map((p) => shown(p, withCard))));
    }
    const paymentId = idIn(/^\/v1\/payments\/([^/]+)$/);
    if (method === "GET" && paymentId) {
      const payment = payments.get(paymentId);
      return payment ? ok(shown(payment, withCard)) : noSuchId();
    }
    const refundedId = idIn(/^\/v1\/payments\/([^/]+)\/refund$/);
    if (method === "POST" && refundedId) {
      return createRefund(refundedId, body, request.idempotencyKey);
    }
    return badRequest("The requested URL was not found on the server.");
  }

  function createOrder(body: unknown): Answer {
    const fields = asObject(body);
    const extra = unexpectedFields(fields, ["amount", "currency", "receipt", "notes"]);
    if (extra) return extra;
    const { amount, currency, receipt, notes } = fields;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) {
      return badRequest("The amount must be at least INR 1.00", "amount");
    }
    if (currency !== "INR") return badRequest("The currency must be INR", "currency");
    if (receipt !== undefined && (typeof receipt !== "string" || receipt.length > 40)) {
      return badRequest("The receipt may not be greater than 40 characters.", "receipt");
    }
    const order: StandInOrder = {
      id: newId("order"),
      entity: "order",
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: "INR",
      receipt: typeof receipt === "string" ? receipt : null,
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: notesOf(notes),
      created_at: nowSeconds(),
    };
    orders.set(order.id, order);
    return ok(order);
  }

  function listPayments(query: Record<string, string>, withCard: boolean): Answer {
    const number = (name: string, fallback: number) =>
      query[name] === undefined ? fallback : Number(query[name]);
    const [from, to, count, skip] = [
      number("from", 0),
      number("to", Number.MAX_SAFE_INTEGER),
      number("count", 10),
      number("skip", 0),
    ];
    if (![from, to, count, skip].every(Number.isInteger)) {
      return badRequest("from, to, count and skip must be integers");
    }
    if (count > 100) return badRequest("The count may not be greater than 100.", "count");
    // Newest first, as Razorpay lists; `to` taken as inclusive, the less convenient reading.
    const items = [...payments.values()]
      .filter((p) => p.created_at >= from && p.created_at <= to)
      .reverse()
      .sort((a, b) => b.created_at - a.created_at)
      .slice(skip, skip + count);
    return ok(collection(items.map((p) => shown(p, withCard))));
  }

  function createRefund(paymentId: string, body: unknown, key: string | undefined): Answer {
    if (key !== undefined) {
      if (key.length < 10) {
        return badRequest("The idempotency key must be at least 10 characters long.");
      }
      if (!/^[A-Za-z0-9_-]+$/.test(key)) {
        return badRequest(
          "The idempotency key must only contain alphanumeric characters, underscores, and hyphens",
        );
      }
      const seen = idempotent.get(key);
      const request = JSON.stringify([paymentId, body]);
      if (seen && seen.request !== request) {
        return badRequest(
          "Different request with the same idempotency key has already been processed.",
        );
      }
      if (seen) return ok(refunds.get(seen.refundId));
    }
    const payment = payments.get(paymentId);
    if (!payment) return noSuchId();
    const fields = asObject(body);
    const extra = unexpectedFields(fields, ["amount", "speed", "notes", "receipt"]);
    if (extra) return extra;
    const left = payment.amount - payment.amount_refunded;
    const amount = fields.amount ?? left;
    if (payment.status !== "captured" && payment.status !== "refunded") {
      return badRequest("Only payments which have been captured can be refunded");
    }
    if (left === 0) return badRequest("The payment has been fully refunded already");
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) {
      return badRequest("The amount must be at least INR 1.00", "amount");
    }
    if (amount > left) {
      return badRequest("The refund amount provided is greater than amount captured.", "amount");
    }
    const refund: StandInRefund = {
      id: newId("rfnd"),
      entity: "refund",
      amount,
      currency: "INR",
      payment_id: paymentId,
      notes: notesOf(fields.notes),
      receipt: typeof fields.receipt === "string" ? fields.receipt : null,
      acquirer_data: { arn: null },
      created_at: nowSeconds(),
      batch_id: null,
      status: refundsSettleAt === "once" ? "processed" : "pending",
      speed_processed: "normal",
      speed_requested: typeof fields.speed === "string" ? fields.speed : "normal",
    };
    refunds.set(refund.id, refund);
    if (key !== undefined)
      idempotent.set(key, { request: JSON.stringify([paymentId, body]), refundId: refund.id });
    recountRefunds(payment);
    return ok(refund);
  }

  /** A failed refund gives its amount back to the payment, as Razorpay's balance does. */
  function recountRefunds(payment: StandInPayment) {
    payment.amount_refunded = [...refunds.values()]
      .filter((r) => r.payment_id === payment.id && r.status !== "failed")
      .reduce((sum, r) => sum + r.amount, 0);
    const full = payment.amount_refunded === payment.amount;
    payment.refund_status = payment.amount_refunded === 0 ? null : full ? "full" : "partial";
    payment.status = full ? "refunded" : "captured";
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://stand-in");
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    let body: unknown;
    try {
      body = rawBody === "" ? undefined : JSON.parse(rawBody);
    } catch {
      return send(res, badRequest("The request body is not valid JSON"));
    }
    const request: StandInRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: header("authorization"),
      idempotencyKey: header("x-refund-idempotency"),
      body,
      rawBody,
    };
    requests.push(request);
    if (!answering) {
      ignored++;
      held.add(res);
      res.once("close", () => held.delete(res));
      return;
    }

    const fault = faults.shift();
    if (fault && "status" in fault) return send(res, failure(fault.status));
    // A slow Razorpay still does the work after the caller has given up, as the real one may.
    if (fault) await hang(fault.hangMs);
    if (request.authorization !== expectedAuthorization) {
      return send(res, error(401, "BAD_REQUEST_ERROR", "Authentication failed"));
    }
    send(res, route(request, url.searchParams.getAll("expand[]")));
  }

  function hang(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        hangs.delete(timer);
        resolve();
      }, ms);
      hangs.add(timer);
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((cause: unknown) => {
      send(res, error(500, "SERVER_ERROR", `The stand-in failed: ${String(cause)}`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    orders,
    payments,
    refunds,

    async close() {
      for (const timer of hangs) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((e) => (e ? reject(e) : resolve())),
      );
    },

    pay(orderId, pay) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`The stand-in has no order ${orderId}`);
      if (order.status === "paid") throw new Error(`Order ${orderId} is paid already`);
      if (pay.last4 !== undefined && !/^\d{4}$/.test(pay.last4)) {
        throw new Error("Razorpay shows four digits of a card, no more");
      }
      const captured = (pay.outcome ?? "captured") === "captured";
      const vpa = pay.method === "upi" ? (pay.vpa ?? "asha@okaxis") : null;
      const cardId = pay.method === "card" ? newId("card") : null;
      const payment: StandInPayment = {
        id: newId("pay"),
        entity: "payment",
        amount: order.amount,
        currency: order.currency,
        status: captured ? "captured" : "failed",
        order_id: order.id,
        invoice_id: null,
        international: false,
        method: pay.method,
        amount_refunded: 0,
        refund_status: null,
        captured,
        description: null,
        card_id: cardId,
        ...(cardId && {
          card: {
            id: cardId,
            entity: "card",
            name: "Asha Patnaik",
            last4: pay.last4 ?? "1111",
            network: pay.network ?? "Visa",
            type: "debit",
            issuer: null,
            international: false,
            emi: false,
            sub_type: "consumer",
          },
        }),
        bank: pay.method === "netbanking" ? (pay.bank ?? "HDFC") : null,
        wallet: pay.method === "wallet" ? (pay.wallet ?? "payzapp") : null,
        vpa,
        ...(vpa && { upi: { payer_account_type: "bank_account", vpa, flow: "collect" } }),
        email: "asha@example.com",
        contact: "+919000090000",
        notes: [],
        fee: captured ? Math.round(order.amount * 0.02) : null,
        tax: captured ? 0 : null,
        error_code: captured ? null : "BAD_REQUEST_ERROR",
        error_description: captured ? null : (pay.failureReason ?? "Payment failed"),
        error_source: captured ? null : "bank",
        error_step: captured ? null : "payment_authorization",
        error_reason: captured ? null : "payment_failed",
        created_at: pay.createdAt ? Math.floor(pay.createdAt.getTime() / 1000) : nowSeconds(),
      };
      payments.set(payment.id, payment);
      order.attempts++;
      order.status = captured ? "paid" : "attempted";
      if (captured) Object.assign(order, { amount_paid: order.amount, amount_due: 0 });
      if (captured) {
        const signature = checkoutSignature(keySecret, order.id, payment.id);
        return { outcome: "captured", orderId, paymentId: payment.id, signature };
      }
      const description = payment.error_description ?? "Payment failed";
      return {
        outcome: "failed",
        orderId,
        paymentId: payment.id,
        error: {
          ...errorBody("BAD_REQUEST_ERROR", description),
          source: "bank",
          step: "payment_authorization",
          reason: "payment_failed",
          metadata: { order_id: orderId, payment_id: payment.id },
        },
      };
    },

    webhook(event, entityId) {
      const payload: Record<string, { entity: unknown }> = {};
      if (event === "refund.processed" || event === "refund.failed") {
        const refund = refunds.get(entityId);
        if (!refund) throw new Error(`The stand-in has no refund ${entityId}`);
        payload.refund = { entity: refund };
        payload.payment = { entity: payments.get(refund.payment_id) };
      } else {
        const payment =
          event === "order.paid" && entityId.startsWith("order_")
            ? [...payments.values()].find((p) => p.order_id === entityId && p.captured)
            : payments.get(entityId);
        if (!payment) throw new Error(`The stand-in has no payment for ${entityId}`);
        payload.payment = { entity: payment };
        if (event === "order.paid") payload.order = { entity: orders.get(payment.order_id) };
      }
      const body = Buffer.from(
        spacedJson({
          entity: "event",
          account_id: "acc_StandIn0000001",
          event,
          contains: Object.keys(payload),
          payload,
          created_at: nowSeconds(),
        }),
      );
      return {
        body,
        headers: {
          "content-type": "application/json",
          "x-razorpay-event-id": randomId(),
          "x-razorpay-signature": hmacHex(webhookSecret, body),
        },
      };
    },

    settleRefund(refundId, status) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`The stand-in has no refund ${refundId}`);
      refund.status = status;
      recountRefunds(payments.get(refund.payment_id)!);
    },

    failNext(count, fault) {
      for (let i = 0; i < count; i++) faults.push(fault);
    },

    stopAnswering() {
      answering = false;
    },
    answerAgain() {
      answering = true;
    },
    unanswered: () => held.size,
    ignored: () => ignored,
  };
}

type Answer = { status: number; body: unknown };

const ok = (body: unknown): Answer => ({ status: 200, body });

function errorBody(code: string, description: string, field?: string): RazorpayErrorBody {
  return {
    code,
    description,
    source: "NA",
    step: "NA",
    reason: "NA",
    metadata: {},
    ...(field && { field }),
  };
}

function error(status: number, code: string, description: string, field?: string): Answer {
  return { status, body: { error: errorBody(code, description, field) } };
}

const badRequest = (description: string, field?: string) =>
  error(400, "BAD_REQUEST_ERROR", description, field);

const noSuchId = () => badRequest("The id provided does not exist");

function failure(status: 500 | 502 | 503 | 429): Answer {
  return status === 429
    ? error(429, "BAD_REQUEST_ERROR", "Too many requests")
    : error(
        status,
        "SERVER_ERROR",
        "The server encountered an error. The incident has been reported to admins.",
      );
}

function unexpectedFields(fields: Record<string, unknown>, allowed: string[]): Answer | undefined {
  const extra = Object.keys(fields).filter((name) => !allowed.includes(name));
  return extra.length > 0
    ? badRequest(`${extra.join(", ")} is/are not required and should not be sent`, extra[0])
    : undefined;
}

function send(res: ServerResponse, answer: Answer) {
  res.writeHead(answer.status, { "content-type": "application/json" });
  res.end(JSON.stringify(answer.body));
}

function collection(items: unknown[]) {
  return { entity: "collection", count: items.length, items };
}

/** A payment as the API shows it: the card only when asked for with `expand[]=card`. */
function shown(payment: StandInPayment, withCard: boolean) {
  if (withCard) return payment;
  const { card: _card, ...rest } = payment;
  return rest;
}

function asObject(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === "object" && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

function notesOf(notes: unknown): Record<string, unknown> | [] {
  const object = asObject(notes);
  return Object.keys(object).length > 0 ? object : [];
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function randomId() {
  return Array.from({ length: 14 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join("");
}

const newId = (prefix: string) => `${prefix}_${randomId()}`;

/**
 * JSON with a space after every colon and comma, so bytes re-serialised with JSON.stringify
 * differ from what was signed, as a real webhook's would.
 */
function spacedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spacedJson).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const fields = Object.entries(value).filter(([, field]) => field !== undefined);
    return `{${fields.map(([key, field]) => `${JSON.stringify(key)}: ${spacedJson(field)}`).join(", ")}}`;
  }
  return JSON.stringify(value);
}
