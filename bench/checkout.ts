// `npm run bench:checkout`: checkout under load as a browser does it, with correctness checked
// afterwards, beside a run of the store before the hosted checkout in the same session.
//
// 50 buyers (one checkout in flight each) for 20 s against the real server in its own process
// (bench/support/serve-app.ts: as src/server/main.ts starts it, NODE_ENV=production,
// LOG_LEVEL=warn, mail worker, refund retries and unpaid-order sweep on, TRUST_PROXY=1,
// PAYMENT_PROVIDER=test), on PGlite in a fresh data directory and, when TEST_DATABASE_URL is set,
// on a fresh PostgreSQL database (fhh_bench_<random>, dropped after). Every product starts with
// plenty of stock except one scarce product that many orders include, so the run shows that
// contention never oversells. Each simulated shopper has its own X-Forwarded-For address and
// cookie and places 1-5 orders before the next shopper takes the slot, so the per-address limits
// apply per shopper as behind a real proxy.
//
// Payments go through the hosted checkout (docs/decisions/0030-hosted-checkout.md): cash orders
// are one call (POST /api/orders → 201 placed). An online order is placed (201
// awaiting_payment, with the provider's order), paid in the provider's checkout (the built-in
// test provider's API, POST /api/test-provider/orders/{id}/payments, with what its checkout page
// sends: a summary, never a card number), and the provider's signed answer reported to the store
// (POST /api/orders/{n}/payment, "verify") → 200 placed/paid (or 202: signed, not yet known to be
// captured; the order page then reads the order until the webhook has made it paid). A declined
// UPI payment (402 at the provider) is left awaiting payment, holding its stock, as a shopper who
// gives up would leave it, and that shopper leaves. After the server has stopped, the database is
// checked against every answer the buyers got.
//
// Before and after each database's run (A-B-A, so a machine that got busier or quieter in between
// shows), unless `--baseline none`, the same bench of main before the hosted checkout runs with
// the same settings in a child process: a git worktree of --baseline in
// .tmp/bench-baseline/<ref> (reused), its node_modules and dist links to this checkout's (nothing
// is built), running its own bench/checkout.ts. Its figures (from the bench/results/checkout.json
// it writes in its own tree) are put beside these in bench/results/checkout.md and .json. Both
// run with NODE_ENV=production in the environment (see main()).
//
// Options: --duration S (20) --warmup S (2) --buyers N (50) --databases pglite,postgres
//          --profile (always profile) --no-profile (never; by default only when a target is
//          missed) --profile-seconds S (4) --baseline REF (cac9494; "none" skips it)
//          --baseline-runs N (2: before and after the hosted run; 1: before only)
// Exit code: 1 when an invariant fails (or the run could not be done); 0 otherwise, also when a
// throughput or latency target is missed or the baseline could not be run.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, rename, symlink, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../src/server/db/client.ts";
import { seedDatabase } from "../src/server/db/seed/seed.ts";
import { MAILS_PER_RECIPIENT_PER_HOUR } from "../src/server/modules/mail/recipient-limit.ts";
import type { PlaceOrderInput } from "../src/shared/contracts/checkout.ts";
import { TEST_PROVIDER_API } from "../src/shared/contracts/test-provider.ts";
import {
  APPROVING_TEST_CARD,
  APPROVING_TEST_UPI,
  DECLINING_TEST_UPI,
  type TestPaymentAttempt,
  testCardAttempt,
  testUpiAttempt,
} from "../src/shared/rules/test-payments.ts";
import {
  type CallSummary,
  percentile,
  STEPS,
  type StepSummary,
  summariseCalls,
  summariseSteps,
  unattributedTable,
} from "./support/checkout-steps.ts";
import {
  ARTIFACTS,
  type ChildServer,
  cpuSeconds,
  mdTable,
  ROOT,
  startChild,
  textTable,
  threadCpuSeconds,
} from "./support/child.ts";
import { formatSummary, summariseFile } from "./support/cpu-profile.ts";
import { freshDatabase } from "./support/fresh-database.ts";
import type { RequestTrace, Unattributed } from "./support/step-trace.ts";

const TARGETS = { pglite: 150, postgres: 300 } as const;
/** Applies to each store call: placing the order, and reporting its payment. */
const TARGET_P99_MS = 200;
const PLENTIFUL_STOCK = 100_000;
const SCARCE_STOCK = 200;
/** Share of orders that include the scarce product. */
const SCARCE_SHARE = 0.25;
/** Share of answers to POST /api/orders followed by a replay of the same key and body. */
const REPLAY_SHARE = 0.02;
/** Share of accepted payment reports (verify 200) sent again, as a reloading browser might. */
const VERIFY_REPLAY_SHARE = 0.02;
const ORDERS_PER_SHOPPER = { min: 1, max: 5 };
const PAYMENT_MIX = { cash: 0.35, card: 0.3, upiApproved: 0.3, upiDeclined: 0.05 };
const DEFAULT_BASELINE = "cac9494";
const HOSTED_LABEL = "hosted checkout";
const baselineLabel = (ref: string) =>
  `baseline: main at ${ref} (card details posted to the store)`;

const { values: flags } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    warmup: { type: "string", default: "2" },
    buyers: { type: "string", default: "50" },
    databases: { type: "string" },
    profile: { type: "boolean", default: false },
    "no-profile": { type: "boolean", default: false },
    "profile-seconds": { type: "string", default: "4" },
    baseline: { type: "string", default: DEFAULT_BASELINE },
    "baseline-runs": { type: "string", default: "2" },
  },
});
const duration = Number(flags.duration);
const warmup = Number(flags.warmup);
const buyers = Number(flags.buyers);
const profileSeconds = Number(flags["profile-seconds"]);
const baselineRef = flags.baseline === "none" ? undefined : flags.baseline;
const baselineRuns = Math.min(Math.max(Number(flags["baseline-runs"]), 1), 2);
const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
const databases = (flags.databases ?? (testDatabaseUrl ? "pglite,postgres" : "pglite"))
  .split(",")
  .map((name) => name.trim()) as Kind[];

type Kind = "pglite" | "postgres";

// ---------------------------------------------------------------------------------------------
// Preparing a database: migrated, seeded, stock raised, one product scarce.

type Prepared = {
  kind: Kind;
  /** What the server child gets on top of serve-app's production defaults. */
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
  label: string;
};

type Catalogue = {
  initialStock: Map<string, number>;
  plentiful: string[];
  scarce: string;
};

async function rows<T>(db: DatabaseHandle["db"], query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function prepare(kind: Kind): Promise<Prepared> {
  const fresh = await freshDatabase(kind, "checkout", testDatabaseUrl);
  // The server child runs behind TRUST_PROXY=1 (and on PostgreSQL with DATABASE_URL), where demo
  // mode is on only when asked for; the test provider needs it.
  return {
    kind,
    ...fresh,
    env: {
      ...fresh.env,
      DEMO_MODE: "true",
      PAYMENT_PROVIDER: "test",
    },
  };
}

/** Migrates and seeds as the server would, then sets every stock; the server starts on this. */
async function stockUp(prepared: Prepared): Promise<Catalogue> {
  const database = await prepared.open();
  try {
    await database.migrate();
    await seedDatabase(database.db);
    const [first] = await rows<{ id: string }>(
      database.db,
      sql`select id from products order by featured desc, position limit 1`,
    );
    const scarce = first!.id;
    await database.db.execute(sql`update products set stock = ${PLENTIFUL_STOCK}`);
    await database.db.execute(
      sql`update products set stock = ${SCARCE_STOCK} where id = ${scarce}`,
    );
    const stock = await rows<{ id: string; stock: number }>(
      database.db,
      sql`select id, stock from products order by id`,
    );
    return {
      initialStock: new Map(stock.map((row) => [row.id, Number(row.stock)])),
      plentiful: stock.map((row) => row.id).filter((id) => id !== scarce),
      scarce,
    };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The buyers.

type Items = { productId: string; quantity: number }[];
type PaymentKind = "cash" | "card" | "upi" | "upi-declining";
/**
 * The store's two calls, the provider's (the test provider, served by the store itself), and the
 * order page's re-reads (GET /api/orders/{n}) after a report answered 202 (paid, not yet known to
 * be captured: the webhook will tell).
 */
type CallKind = "order" | "verify" | "provider" | "read";
const CALL_KINDS: CallKind[] = ["order", "verify", "provider", "read"];
/** How long the order page waits for a 202's webhook, reading the order every READ_EVERY_MS. */
const READ_FOR_MS = 10_000;
const READ_EVERY_MS = 100;
const STORE_CALLS = ["order", "verify"] as const;

type Acknowledged = {
  orderNumber: string;
  totalPaise: number;
  items: Items;
  payment: PaymentKind;
  /** Online orders: the provider order of the 201's checkout session. */
  providerOrderId: string | undefined;
};

/** Everything the buyers were told, to check the database against afterwards. */
type Ledger = {
  /** Idempotency-Key → the order the server acknowledged (201). */
  acknowledged: Map<string, Acknowledged>;
  /** orderNumber → the key it was acknowledged for (a second key for one number is a duplicate). */
  keyByOrderNumber: Map<string, string>;
  duplicateAcknowledgements: string[];
  outOfStock: { key: string; items: Items }[];
  /**
   * orderNumber → the provider's payment the store accepted: verify 200, or 202 and then the
   * order read as paid (the webhook took it).
   */
  paid: Map<string, { paymentId: string; providerOrderId: string; via: "200" | "202" }>;
  /** Orders whose payment the provider declined (402): left awaiting payment. */
  declined: string[];
  /**
   * Answers that contradict the flow: a 201 in the wrong state or without its checkout, a
   * declining instrument approved or an approving one declined, a payment report refused, a
   * verify 200 whose order is not placed and paid.
   */
  flowSurprises: string[];
  replays: { key: string; status: number; same: boolean; detail: string }[];
  verifyReplays: { orderNumber: string; status: number; same: boolean; detail: string }[];
  /** Calls whose answer was lost (network error or 5xx): the outcome is unknown. */
  unknown: string[];
};

type Phase = {
  name: string;
  latencies: Record<CallKind, number[]>;
  requests: Record<CallKind, number>;
  /** "order 201", "order 409 OUT_OF_STOCK", "provider 402 PAYMENT_DECLINED", "verify 200"... */
  statuses: Map<string, number>;
  /** 201s (not replays): orders written, placed (cash) or awaiting payment (online). */
  newOrders: number;
  /** Orders that ended placed: cash 201s and online orders whose payment report answered 200. */
  completedOrders: number;
  wallSeconds: number;
  failures: string[];
};

type Shopper = {
  address: string;
  cookie?: string;
  ordersLeft: number;
  id: number;
  /** The store keeps at most 3 open cash orders per phone and browser: a 4th pays online. */
  cashOrders: number;
  /**
   * The store sends one address at most MAILS_PER_RECIPIENT_PER_HOUR emails an hour (every
   * attempt counts): a shopper tries no more often than that, and the next one takes the slot.
   */
  attemptsLeft: number;
};

type Answer = {
  status: number;
  body: Record<string, unknown> | undefined;
  setCookie: string | undefined;
  error?: string;
};

const emptyByKind = <T>(make: () => T) =>
  Object.fromEntries(CALL_KINDS.map((kind) => [kind, make()])) as Record<CallKind, T>;

const textOf = (value: unknown) => (typeof value === "string" ? value : undefined);
const checkoutOf = (body: Answer["body"]) =>
  body?.checkout as { providerOrderId?: string } | undefined;

class Buyers {
  readonly ledger: Ledger = {
    acknowledged: new Map(),
    keyByOrderNumber: new Map(),
    duplicateAcknowledgements: [],
    outOfStock: [],
    paid: new Map(),
    declined: [],
    flowSurprises: [],
    replays: [],
    verifyReplays: [],
    unknown: [],
  };
  private shoppers = 0;
  private readonly agent: http.Agent;

  constructor(
    private readonly server: ChildServer,
    private readonly catalogue: Catalogue,
    concurrency: number,
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

  /** `concurrency` loops, each one shopper after another, until `seconds` have passed. */
  async run(name: string, seconds: number, concurrency: number): Promise<Phase> {
    const phase: Phase = {
      name,
      latencies: emptyByKind(() => []),
      requests: emptyByKind(() => 0),
      statuses: new Map(),
      newOrders: 0,
      completedOrders: 0,
      wallSeconds: 0,
      failures: [],
    };
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(Array.from({ length: concurrency }, () => this.loop(phase, deadline)));
    phase.wallSeconds = (performance.now() - started) / 1000;
    return phase;
  }

  private newShopper(): Shopper {
    const id = ++this.shoppers;
    return {
      id,
      // 10.0.0.1, 10.0.0.2, ...: one address per shopper, as a proxy would forward it.
      address: `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`,
      ordersLeft: randomInt(ORDERS_PER_SHOPPER.min, ORDERS_PER_SHOPPER.max),
      cashOrders: 0,
      attemptsLeft: MAILS_PER_RECIPIENT_PER_HOUR,
    };
  }

  private async loop(phase: Phase, deadline: number) {
    let shopper = this.newShopper();
    while (performance.now() < deadline) {
      if (shopper.ordersLeft <= 0 || shopper.attemptsLeft <= 0) shopper = this.newShopper();
      shopper.ordersLeft--;
      let items = this.pickItems();
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

  private pickItems(): Items {
    const { plentiful, scarce } = this.catalogue;
    const count = randomInt(1, 4);
    const chosen = new Set<string>();
    if (Math.random() < SCARCE_SHARE) chosen.add(scarce);
    while (chosen.size < count) chosen.add(plentiful[randomInt(0, plentiful.length - 1)]!);
    return [...chosen].map((productId) => ({ productId, quantity: randomInt(1, 3) }));
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
    const picked = pickPayment();
    const payment = picked === "cash" && shopper.cashOrders >= 3 ? "card" : picked;
    if (payment === "cash") shopper.cashOrders++;
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
        if (status === "placed" && !providerOrderId) phase.completedOrders++;
        else ledger.flowSurprises.push(`${orderNumber}: cash order answered ${status}`);
      } else if (status !== "awaiting_payment" || !providerOrderId) {
        ledger.flowSurprises.push(
          `${orderNumber}: ${payment} order answered ${status}, checkout ${providerOrderId ?? "missing"}`,
        );
      }
    } else if (answer.status === 409 && code === "OUT_OF_STOCK") {
      ledger.outOfStock.push({ key, items });
      const listed = (answer.body?.items ?? []) as { productId: string }[];
      short = new Set(listed.map((item) => item.productId));
    } else if (answer.status === 0 || answer.status >= 500) {
      ledger.unknown.push(`order ${key}`);
    } else if (answer.status > 0) {
      // 400, 409 CONFLICT (open cash orders, unpaid holds), 429...: the shoppers are made not to
      // meet the store's limits, so any other answer means the model or the store changed.
      ledger.flowSurprises.push(
        `${payment} order answered ${answer.status} ${code ?? ""}: ${String(answer.body?.message ?? "").slice(0, 160)}`,
      );
    }

    if (answer.status > 0 && answer.status < 500 && Math.random() < REPLAY_SHARE) {
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
    const paid = await this.call(
      phase,
      "provider",
      shopper,
      `${TEST_PROVIDER_API}/orders/${providerOrderId}/payments`,
      JSON.stringify(providerAttempt(payment)),
    );
    if (paid.status === 402) {
      ledger.declined.push(orderNumber);
      if (payment !== "upi-declining")
        ledger.flowSurprises.push(`${orderNumber}: ${payment} payment declined`);
      return true;
    }
    if (paid.status !== 200 || payment === "upi-declining") {
      if (paid.status === 0 || paid.status >= 500) ledger.unknown.push(`pay ${orderNumber}`);
      else ledger.flowSurprises.push(`${orderNumber}: ${payment} payment got ${paid.status}`);
      return false;
    }
    const paymentId = String(paid.body?.razorpay_payment_id);
    const proof = JSON.stringify(paid.body);
    const path = `/api/orders/${orderNumber}/payment`;
    const verified = await this.call(phase, "verify", shopper, path, proof);
    if (verified.status === 200) {
      ledger.paid.set(orderNumber, { paymentId, providerOrderId, via: "200" });
      if (isPlacedAndPaid(verified)) phase.completedOrders++;
      else
        ledger.flowSurprises.push(
          `${orderNumber}: verify 200 says ${String(verified.body?.status)}/${String(verified.body?.paymentStatus)}`,
        );
    } else if (verified.status === 202) {
      // Signed, but the provider has not said it took the money: the order page reads the order
      // until the webhook has made it paid.
      if (await this.readUntilPaid(phase, shopper, orderNumber)) {
        ledger.paid.set(orderNumber, { paymentId, providerOrderId, via: "202" });
        phase.completedOrders++;
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

  /** POSTs `body` (JSON) to `path`, or GETs `path` without a body. */
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
    const answer = await this.request(shopper, path, body, key);
    phase.latencies[kind].push(performance.now() - started);
    phase.requests[kind]++;
    if (answer.setCookie) shopper.cookie = answer.setCookie;
    const code = textOf(answer.body?.code) ?? "";
    const label =
      answer.status === 0
        ? `${kind} network error`
        : `${kind} ${answer.status}${code && answer.status >= 300 ? ` ${code}` : ""}${replay ? " (replay)" : ""}`;
    phase.statuses.set(label, (phase.statuses.get(label) ?? 0) + 1);
    if ((answer.status === 0 || answer.status >= 500) && phase.failures.length < 20) {
      phase.failures.push(
        `${label} (${path}): ${answer.error ?? JSON.stringify(answer.body)?.slice(0, 300)}`,
      );
    }
    return answer;
  }

  private request(shopper: Shopper, path: string, body?: string, key?: string): Promise<Answer> {
    return new Promise((resolve) => {
      const headers: Record<string, string> = { "x-forwarded-for": shopper.address };
      if (body !== undefined) {
        headers["content-type"] = "application/json";
        headers["content-length"] = String(Buffer.byteLength(body));
        headers.origin = this.server.storeOrigin;
      }
      if (key) headers["idempotency-key"] = key;
      if (shopper.cookie) headers.cookie = shopper.cookie;
      const request = http.request(
        {
          agent: this.agent,
          host: "127.0.0.1",
          port: this.server.port,
          method: body === undefined ? "GET" : "POST",
          path,
          headers,
          timeout: 30_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            let parsed: Record<string, unknown> | undefined;
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
            } catch {
              parsed = undefined;
            }
            const cookie = response.headers["set-cookie"]
              ?.find((value) => value.startsWith("fhh_browser="))
              ?.split(";")[0];
            resolve({ status: response.statusCode ?? 0, body: parsed, setCookie: cookie });
          });
          response.on("error", (error) =>
            resolve({ status: 0, body: undefined, setCookie: undefined, error: error.message }),
          );
        },
      );
      request.on("timeout", () => request.destroy(new Error("no answer within 30 s")));
      request.on("error", (error) =>
        resolve({ status: 0, body: undefined, setCookie: undefined, error: error.message }),
      );
      request.end(body);
    });
  }
}

const isPlacedAndPaid = (answer: Answer) =>
  answer.body?.status === "placed" && answer.body?.paymentStatus === "paid";

/** Inclusive at both ends. */
function randomInt(min: number, max: number): number {
  return min + Math.floor(Math.random() * (max - min + 1));
}

function pickPayment(): PaymentKind {
  const roll = Math.random();
  if (roll < PAYMENT_MIX.cash) return "cash";
  if (roll < PAYMENT_MIX.cash + PAYMENT_MIX.card) return "card";
  if (roll < PAYMENT_MIX.cash + PAYMENT_MIX.card + PAYMENT_MIX.upiApproved) return "upi";
  return "upi-declining";
}

/** What the test checkout page sends its provider: decided in the browser, no card number. */
function providerAttempt(payment: Exclude<PaymentKind, "cash">): TestPaymentAttempt {
  if (payment === "card") return testCardAttempt(APPROVING_TEST_CARD.replaceAll(" ", ""));
  return testUpiAttempt(payment === "upi" ? APPROVING_TEST_UPI : DECLINING_TEST_UPI);
}

function orderBody(shopper: Shopper, items: Items, payment: PaymentKind): PlaceOrderInput {
  return {
    contact: {
      firstName: "Asha",
      lastName: `Buyer ${shopper.id}`,
      email: `shopper${shopper.id}@example.in`,
      phone: `9${String(shopper.id % 1e9).padStart(9, "0")}`,
    },
    delivery: {
      address: `Plot ${shopper.id % 500}, Saheed Nagar`,
      city: "Bhubaneswar",
      state: "Odisha",
      pincode: "751007",
    },
    notes: "",
    // Only the choice: the card or UPI details go to the provider's checkout, never the store.
    payment: { method: payment === "cash" ? "cash" : payment === "card" ? "card" : "upi" },
    items,
  };
}

// ---------------------------------------------------------------------------------------------
// Invariants, checked in the database after the server has stopped.

type Check = { name: string; pass: boolean; detail: string };

const ORDER_NUMBER = /FHH-\d{6}/;

async function checkInvariants(
  prepared: Prepared,
  catalogue: Catalogue,
  ledger: Ledger,
): Promise<{ checks: Check[]; facts: Record<string, number> }> {
  const database = await prepared.open();
  try {
    const { db } = database;
    const stock = await rows<{ id: string; stock: number }>(
      db,
      sql`select id, stock from products`,
    );
    // Sold: the lines of every order not cancelled; an order awaiting its payment holds stock.
    const sold = await rows<{ product_id: string; sold: number }>(
      db,
      sql`select l.product_id, sum(l.quantity)::int as sold
          from order_lines l join orders o on o.id = l.order_id
          where o.status <> 'cancelled' group by l.product_id`,
    );
    const orders = await rows<{
      id: number;
      order_number: string;
      total_paise: number;
      status: string;
      payment_status: string;
      payment_method: string;
    }>(
      db,
      sql`select id, order_number, total_paise, status, payment_status, payment_method from orders`,
    );
    const duplicates = await rows<{ order_number: string; n: number }>(
      db,
      sql`select order_number, count(*)::int as n from orders group by order_number having count(*) > 1`,
    );
    const lines = await rows<{ order_id: number; product_id: string; quantity: number }>(
      db,
      sql`select order_id, product_id, quantity from order_lines`,
    );
    const payments = await rows<{
      order_id: number | null;
      idempotency_key: string | null;
      status: string;
      transaction_id: string | null;
      provider_order_id: string | null;
      failure_reason: string | null;
    }>(
      db,
      sql`select order_id, idempotency_key, status, transaction_id, provider_order_id, failure_reason
          from payments`,
    );
    const refunds = await rows<{ reference: string; reason: string }>(
      db,
      sql`select reference, reason from refunds`,
    );
    const keys = await rows<{ key: string; state: string; response_status: number | null }>(
      db,
      sql`select key, state, response_status from idempotency_keys where scope = 'checkout'`,
    );
    const mail = await rows<{ subject: string; status: string }>(
      db,
      sql`select subject, status from mail_outbox`,
    );

    const checks: Check[] = [];
    const add = (name: string, problems: string[], okDetail: string) =>
      checks.push({
        name,
        pass: problems.length === 0,
        detail:
          problems.length === 0
            ? okDetail
            : `${problems.length} problem(s): ${problems.slice(0, 5).join("; ")}`,
      });

    // 1. Stock is conserved: what is left plus what orders hold is what there was.
    const stockById = new Map(stock.map((row) => [row.id, Number(row.stock)]));
    const soldById = new Map(sold.map((row) => [row.product_id, Number(row.sold)]));
    const conservation: string[] = [];
    for (const [id, initial] of catalogue.initialStock) {
      const left = stockById.get(id) ?? Number.NaN;
      const gone = soldById.get(id) ?? 0;
      if (left + gone !== initial)
        conservation.push(`${id}: ${left} left + ${gone} sold ≠ ${initial}`);
    }
    for (const id of soldById.keys())
      if (!catalogue.initialStock.has(id)) conservation.push(`${id}: sold but not in catalogue`);
    const totalSold = [...soldById.values()].reduce((sum, value) => sum + value, 0);
    const orderById = new Map(orders.map((row) => [Number(row.id), row]));
    const heldUnits = lines
      .filter((line) => orderById.get(Number(line.order_id))?.status === "awaiting_payment")
      .reduce((sum, line) => sum + Number(line.quantity), 0);
    add(
      "stock + sold (lines of orders not cancelled, awaiting ones included) = initial stock, for every product",
      conservation,
      `${catalogue.initialStock.size} products, ${totalSold} units sold, ${heldUnits} of them held by orders awaiting payment`,
    );

    // 2. Never negative.
    const negative = stock.filter((row) => Number(row.stock) < 0);
    add(
      "stock never negative",
      negative.map((row) => `${row.id}: ${row.stock}`),
      `lowest stock ${Math.min(...stock.map((row) => Number(row.stock)))}`,
    );

    // 3. The scarce product: sold at most what there was, and under this demand, all of it.
    const scarceSold = soldById.get(catalogue.scarce) ?? 0;
    const scarceLeft = stockById.get(catalogue.scarce) ?? Number.NaN;
    add(
      `scarce product ${catalogue.scarce} not oversold`,
      scarceSold > SCARCE_STOCK ? [`sold ${scarceSold} of ${SCARCE_STOCK}`] : [],
      `${scarceSold} of ${SCARCE_STOCK} sold, ${scarceLeft} left`,
    );

    // 4. Order numbers are unique, in the table and in what the buyers were told.
    add(
      "no duplicate order numbers",
      [
        ...duplicates.map((row) => `${row.order_number} × ${row.n} in orders`),
        ...ledger.duplicateAcknowledgements.map((number) => `${number} acknowledged twice`),
      ],
      `${orders.length} orders, all numbers distinct`,
    );

    // 5. Every acknowledged order is there, with the acknowledged total and the asked-for lines,
    //    its key's payment, and (online) the provider order of its checkout.
    const orderByNumber = new Map(orders.map((row) => [row.order_number, row]));
    const linesByOrder = new Map<number, Map<string, number>>();
    for (const line of lines) {
      const map = linesByOrder.get(line.order_id) ?? new Map<string, number>();
      map.set(line.product_id, (map.get(line.product_id) ?? 0) + Number(line.quantity));
      linesByOrder.set(line.order_id, map);
    }
    const orderIdsByKey = new Map<string, Set<number>>();
    const paymentsByOrder = new Map<number, (typeof payments)[number][]>();
    for (const payment of payments) {
      if (payment.order_id !== null) {
        const id = Number(payment.order_id);
        paymentsByOrder.set(id, [...(paymentsByOrder.get(id) ?? []), payment]);
      }
      if (!payment.idempotency_key || payment.order_id === null) continue;
      const ids = orderIdsByKey.get(payment.idempotency_key) ?? new Set<number>();
      ids.add(Number(payment.order_id));
      orderIdsByKey.set(payment.idempotency_key, ids);
    }
    const missing: string[] = [];
    for (const [key, ack] of ledger.acknowledged) {
      const order = orderByNumber.get(ack.orderNumber);
      if (!order) {
        missing.push(`${ack.orderNumber} not in orders`);
        continue;
      }
      if (Number(order.total_paise) !== ack.totalPaise)
        missing.push(
          `${ack.orderNumber}: total ${order.total_paise} ≠ acknowledged ${ack.totalPaise}`,
        );
      const ids = orderIdsByKey.get(key);
      if (ids?.size !== 1 || !ids.has(Number(order.id)))
        missing.push(
          `${ack.orderNumber}: its key's payment points at ${[...(ids ?? [])].join(",") || "no order"}`,
        );
      const providerOrders = (paymentsByOrder.get(Number(order.id)) ?? [])
        .map((payment) => payment.provider_order_id)
        .filter((id) => id !== null);
      if (ack.payment !== "cash" && !providerOrders.includes(ack.providerOrderId ?? ""))
        missing.push(
          `${ack.orderNumber}: provider order ${ack.providerOrderId} not among its payments (${providerOrders.join(",") || "none"})`,
        );
      const got = linesByOrder.get(Number(order.id)) ?? new Map<string, number>();
      const asked = new Map(ack.items.map((item) => [item.productId, item.quantity]));
      const same =
        got.size === asked.size && [...asked].every(([id, quantity]) => got.get(id) === quantity);
      if (!same) missing.push(`${ack.orderNumber}: lines differ from the request`);
    }
    add(
      "every 201 orderNumber is in orders, with the acknowledged total, lines and provider order",
      missing,
      `${ledger.acknowledged.size} acknowledged orders found`,
    );

    // 6. And nothing else is: no order that no buyer was told about.
    const acknowledgedNumbers = new Set(
      [...ledger.acknowledged.values()].map((a) => a.orderNumber),
    );
    const unacknowledged = orders.filter((row) => !acknowledgedNumbers.has(row.order_number));
    add(
      "no order without a 201 (no double orders from replays)",
      unacknowledged.map((row) => `${row.order_number} never acknowledged`),
      `${orders.length} orders = ${acknowledgedNumbers.size} acknowledged`,
    );

    // 7. Replays gave the first answer again: the same order and, online, the same provider order.
    const badReplays = ledger.replays.filter((replay) => !replay.same);
    add(
      "idempotent replays returned the same answer (same orderNumber, same providerOrderId online)",
      badReplays.map((replay) => replay.detail),
      `${ledger.replays.length} replays, ${ledger.replays.filter((r) => r.status === 201).length} of placed orders`,
    );

    // 8. Cash orders are placed, their payment pending, as before.
    const cashProblems: string[] = [];
    let cashOrders = 0;
    for (const ack of ledger.acknowledged.values()) {
      if (ack.payment !== "cash") continue;
      cashOrders++;
      const order = orderByNumber.get(ack.orderNumber);
      if (!order) continue;
      if (
        order.status !== "placed" ||
        order.payment_method !== "cash" ||
        order.payment_status !== "pending"
      )
        cashProblems.push(
          `${ack.orderNumber}: ${order.status}/${order.payment_method}/${order.payment_status}`,
        );
    }
    add("cash orders are placed, cash, payment pending", cashProblems, `${cashOrders} cash orders`);

    // 9. Every order whose payment report answered 200 (or 202, then read as paid) is placed and
    //    paid, its payment paid with the provider's payment id.
    const paidProblems: string[] = [];
    const paidAfter202 = [...ledger.paid.values()].filter((paid) => paid.via === "202").length;
    for (const [orderNumber, { paymentId, providerOrderId }] of ledger.paid) {
      const order = orderByNumber.get(orderNumber);
      if (!order) {
        paidProblems.push(`${orderNumber} not in orders`);
        continue;
      }
      if (order.status !== "placed" || order.payment_status !== "paid")
        paidProblems.push(`${orderNumber}: ${order.status}/${order.payment_status}`);
      const paidRows = (paymentsByOrder.get(Number(order.id)) ?? []).filter(
        (row) => row.status === "paid",
      );
      if (
        paidRows.length !== 1 ||
        paidRows[0]!.transaction_id !== paymentId ||
        paidRows[0]!.provider_order_id !== providerOrderId
      )
        paidProblems.push(
          `${orderNumber}: paid payments ${paidRows.map((row) => `${row.transaction_id}@${row.provider_order_id}`).join(",") || "none"}, expected ${paymentId}@${providerOrderId}`,
        );
    }
    add(
      "every order whose payment report answered 200 is placed + paid, its payment paid with the provider's payment id",
      paidProblems,
      `${ledger.paid.size} orders paid online${paidAfter202 ? ` (${paidAfter202} of them answered 202 and were read as paid once the webhook had come)` : ""}`,
    );

    // 10. Every declined one still awaits its payment (holding its stock), with nothing paid.
    const declinedProblems: string[] = [];
    let withReason = 0;
    for (const orderNumber of ledger.declined) {
      const order = orderByNumber.get(orderNumber);
      if (!order) {
        declinedProblems.push(`${orderNumber} not in orders`);
        continue;
      }
      if (order.status !== "awaiting_payment" || order.payment_status !== "pending")
        declinedProblems.push(`${orderNumber}: ${order.status}/${order.payment_status}`);
      const rowsOfOrder = paymentsByOrder.get(Number(order.id)) ?? [];
      if (rowsOfOrder.some((row) => row.status !== "pending"))
        declinedProblems.push(
          `${orderNumber}: payments ${rowsOfOrder.map((row) => row.status).join(",")}`,
        );
      if (rowsOfOrder.some((row) => row.failure_reason)) withReason++;
    }
    add(
      "every order declined at the provider is still awaiting_payment, with no paid payment",
      declinedProblems,
      `${ledger.declined.length} declined and left awaiting payment (${withReason} with the provider's reason recorded from its payment.failed webhook)`,
    );

    // 11. The flow went as each instrument says: approved → reported → 200; declined → 402.
    const online = [...ledger.acknowledged.values()].filter((ack) => ack.payment !== "cash");
    add(
      "every answer was one the flow expects (cash: 201 placed; online: 201 awaiting_payment with its checkout, then approved → verify 200 placed/paid (or 202, then read as paid), declined → 402 at the provider; no other 4xx)",
      ledger.flowSurprises,
      `${online.length} online orders: ${ledger.paid.size} paid, ${ledger.declined.length} declined`,
    );

    // 12. No order paid twice: the browser's report and the provider's webhook both report every
    //     payment (and some reports were sent twice); one paid payment, nothing refunded.
    const paidTwice = [...paymentsByOrder]
      .filter(([, list]) => list.filter((row) => row.status === "paid").length > 1)
      .map(([id]) => `${orderById.get(id)?.order_number ?? id} has several paid payments`);
    const refundedRows = payments.filter((row) => row.status === "refunded");
    const badVerifyReplays = ledger.verifyReplays.filter((replay) => !replay.same);
    const paidOnlyByWebhook = orders.filter(
      (row) => row.payment_status === "paid" && !ledger.paid.has(row.order_number),
    ).length;
    add(
      "no order is paid twice (one paid payment per order; no refund owed; a payment reported again answers 200, changing nothing)",
      [
        ...paidTwice,
        ...refundedRows.map((row) => `refunded payment ${row.transaction_id}`),
        ...refunds.map((row) => `refund ${row.reference}: ${row.reason}`),
        ...badVerifyReplays.map((replay) => replay.detail),
      ],
      `${payments.filter((row) => row.status === "paid").length} paid payments, ${refunds.length} refunds, ${ledger.verifyReplays.length} reports sent twice${paidOnlyByWebhook ? `, ${paidOnlyByWebhook} paid by the webhook alone` : ""}`,
    );

    // 13. Every placed order (cash, or paid) has its one confirmation email; none awaiting has.
    const mailsByNumber = new Map<string, number>();
    const strayMail: string[] = [];
    for (const row of mail) {
      const number = ORDER_NUMBER.exec(row.subject)?.[0];
      if (number) mailsByNumber.set(number, (mailsByNumber.get(number) ?? 0) + 1);
      else strayMail.push(`mail "${row.subject}" names no order`);
    }
    const mailProblems: string[] = [...strayMail];
    let placedOrders = 0;
    let awaitingOrders = 0;
    for (const order of orders) {
      const mails = mailsByNumber.get(order.order_number) ?? 0;
      if (order.status === "awaiting_payment") {
        awaitingOrders++;
        if (mails > 0) mailProblems.push(`${order.order_number} awaits payment but has ${mails}`);
      } else if (order.status === "placed") {
        placedOrders++;
        if (mails !== 1) mailProblems.push(`${order.order_number} placed with ${mails} mails`);
      } else mailProblems.push(`${order.order_number} is ${order.status}`);
    }
    for (const number of mailsByNumber.keys())
      if (!orderByNumber.has(number)) mailProblems.push(`mail for ${number}, not an order`);
    const mailStatuses = new Map<string, number>();
    for (const row of mail) mailStatuses.set(row.status, (mailStatuses.get(row.status) ?? 0) + 1);
    add(
      "every paid or cash order has its one confirmation email in the outbox; no order awaiting payment has one",
      mailProblems,
      `${mail.length} mails for ${placedOrders} placed orders, none for ${awaitingOrders} awaiting (${[...mailStatuses].map(([status, n]) => `${n} ${status}`).join(", ")})`,
    );

    // 14. Out-of-stock answers made no order.
    const oosProblems = ledger.outOfStock
      .filter(({ key }) => orderIdsByKey.has(key))
      .map(({ key }) => `${key}: has an order`);
    add(
      "out-of-stock answers (409) created no order",
      oosProblems,
      `${ledger.outOfStock.length} out of stock, none with an order`,
    );

    // 15. Every key ended: none left 'processing'.
    const stuck = keys.filter((row) => row.state !== "completed");
    add(
      "every idempotency key completed",
      stuck.map((row) => `${row.key} ${row.state}`),
      `${keys.length} keys, all completed`,
    );

    // 16. No 5xx or lost answers, from any call.
    add(
      "no 5xx and no network errors (order, provider, verify)",
      ledger.unknown.map((call) => `${call}: no usable answer`),
      "none",
    );

    return {
      checks,
      facts: {
        orders: orders.length,
        placedOrders,
        awaitingOrders,
        paidOnline: ledger.paid.size,
        paidOnlyByWebhook,
        declined: ledger.declined.length,
        unitsSold: totalSold,
        heldUnits,
        scarceSold,
        scarceLeft,
        refunds: refunds.length,
        mails: mail.length,
        mailPending: mailStatuses.get("pending") ?? 0,
      },
    };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Machine figures.

/** Busy and total CPU ticks of the whole machine (all cores), from /proc/stat. */
function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    const total = values.reduce((sum, value) => sum + value, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used so far by the local PostgreSQL server: every process named postgres, plus the
 * CPU of its ended children (a backend that closed, an autovacuum worker), which the postmaster
 * has collected. The pool may replace connections during a run; their CPU still counts.
 */
function postgresCpuSeconds(): number | undefined {
  try {
    let total = 0;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        if (!stat.includes("(postgres)")) continue;
        total += cpuSeconds(Number(entry), undefined, { withEndedChildren: true }) ?? 0;
      } catch {
        // the process ended while we looked
      }
    }
    return total;
  } catch {
    return undefined;
  }
}

const benchStarted = performance.now();
/** A progress line with the seconds since the benchmark started. */
const log = (message: string) =>
  console.log(`[${((performance.now() - benchStarted) / 1000).toFixed(1)} s] ${message}`);
const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)));
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

// ---------------------------------------------------------------------------------------------
// The baseline: this bench as it was on main before the hosted checkout, run from its own tree.

type BaselineFigures = {
  ordersPerSec: number;
  requestsPerSec: number;
  newOrders: number;
  requests: number;
  p50Ms: number;
  p90Ms: number;
  /** The baseline's bench records p50, p90 and p99 only. */
  p95Ms: null;
  p99Ms: number;
  maxMs: number;
  statuses: Record<string, number>;
  serverCpuPct: number | null;
  postgresCpuPct: number | null;
  machineBusyPct: number | null;
  serverCpuMsPerOrder: number | null;
  postgresCpuMsPerOrder: number | null;
  cpuBoundOrdersPerSec: number | null;
  busiestThread: { main: boolean; cpuPct: number; cpuMsPerOrder: number } | null;
  failures: string[];
};

type BaselineRun = {
  kind: Kind;
  /** Run right before the hosted run, or right after it. */
  when: "before" | "after";
  ref: string;
  commit: string;
  label: string;
  tree: string;
  exitCode: number | null;
  seconds: number;
  loadAverageBefore: number[];
  figures?: BaselineFigures;
  invariants?: { hold: number; of: number; failed: string[] };
  targets?: { name: string; target: string; value: number; pass: boolean }[];
  error?: string;
};

type BaselineTree = { ref: string; commit: string; tree: string };

function git(args: string[], cwd = ROOT): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** The commit this checkout is at, and its files changed since (src/ is measured as it is). */
function workingTree(): { commit: string; changedFiles: string[] } {
  try {
    return {
      commit: git(["rev-parse", "HEAD"]).trim(),
      changedFiles: git(["status", "--porcelain", "--", "src", "bench"])
        .split("\n")
        .filter(Boolean)
        .map((line) => line.slice(3)),
    };
  } catch {
    return { commit: "unknown", changedFiles: [] };
  }
}

/** Whether something (a link too, even a dangling one) is at `file`. */
function pathTaken(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/** A worktree of `ref` in .tmp/bench-baseline/<ref> (reused), with this checkout's node_modules. */
async function baselineTree(ref: string): Promise<BaselineTree> {
  const commit = git(["rev-parse", "--verify", `${ref}^{commit}`]).trim();
  const tree = path.join(ROOT, ".tmp/bench-baseline", ref.replace(/[^\w.-]/g, "_"));
  if (existsSync(path.join(tree, ".git"))) {
    if (git(["rev-parse", "HEAD"], tree).trim() !== commit)
      git(["checkout", "--quiet", "--force", "--detach", commit], tree);
    log(`baseline: reusing the worktree of ${ref} (${commit.slice(0, 10)}) in ${tree}`);
  } else {
    git(["worktree", "prune"]);
    await mkdir(path.dirname(tree), { recursive: true });
    git(["worktree", "add", "--quiet", "--detach", tree, commit]);
    log(`baseline: made a worktree of ${ref} (${commit.slice(0, 10)}) in ${tree}`);
  }
  // The dependencies are the same: link them rather than install them. Nothing is built (the
  // bench serves no web app and runs the TypeScript through tsx).
  const modules = path.join(tree, "node_modules");
  if (!pathTaken(modules)) await symlink(path.join(ROOT, "node_modules"), modules, "dir");
  // The built web app, linked too when this checkout has one, so both servers register the same
  // plugins (the bench requests no page; nothing is built for the baseline).
  const dist = path.join(tree, "dist");
  if (existsSync(path.join(ROOT, "dist/web")) && !pathTaken(dist))
    await symlink(path.join(ROOT, "dist"), dist, "dir");
  return { ref, commit, tree };
}

/** Runs the baseline tree's own bench/checkout.ts on one database and reads its figures. */
async function runBaseline(
  base: BaselineTree,
  kind: Kind,
  when: BaselineRun["when"],
): Promise<BaselineRun> {
  const loadAverageBefore = loadAverage();
  console.log(
    `\n== ${kind}: ${baselineLabel(base.ref)}, ${when} the hosted run == load average ${loadAverageBefore.join(" / ")}`,
  );
  const args = [
    "tsx",
    "bench/checkout.ts",
    "--duration",
    String(duration),
    "--warmup",
    String(warmup),
    "--buyers",
    String(buyers),
    "--databases",
    kind,
    "--no-profile",
  ];
  const started = Date.now();
  const run: BaselineRun = {
    kind,
    when,
    ref: base.ref,
    commit: base.commit,
    label: baselineLabel(base.ref),
    tree: base.tree,
    exitCode: null,
    seconds: 0,
    loadAverageBefore,
  };
  try {
    const child = spawn("npx", args, {
      cwd: base.tree,
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [child.stdout, child.stderr]) {
      readline
        .createInterface({ input: stream })
        .on("line", (line) => console.log(`  [baseline] ${line}`));
    }
    run.exitCode = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (code) => resolve(code));
    });
    run.seconds = Math.round((Date.now() - started) / 1000);
    const file = path.join(base.tree, "bench/results/checkout.json");
    const report = JSON.parse(readFileSync(file, "utf8")) as {
      date: string;
      results: {
        kind: Kind;
        measured: BaselineFigures & { p50Ms: number };
        targets: BaselineRun["targets"];
        invariants: Check[];
      }[];
    };
    if (Date.parse(report.date) < started - 1000)
      throw new Error(`${file} is from ${report.date}, before this run: the baseline failed`);
    const result = report.results.find((entry) => entry.kind === kind);
    if (!result) throw new Error(`${file} has no ${kind} result`);
    const m = result.measured;
    run.figures = {
      ordersPerSec: m.ordersPerSec,
      requestsPerSec: m.requestsPerSec,
      newOrders: m.newOrders,
      requests: m.requests,
      p50Ms: m.p50Ms,
      p90Ms: m.p90Ms,
      p95Ms: null,
      p99Ms: m.p99Ms,
      maxMs: m.maxMs,
      statuses: m.statuses,
      serverCpuPct: m.serverCpuPct,
      postgresCpuPct: m.postgresCpuPct,
      machineBusyPct: m.machineBusyPct,
      serverCpuMsPerOrder: m.serverCpuMsPerOrder,
      postgresCpuMsPerOrder: m.postgresCpuMsPerOrder,
      cpuBoundOrdersPerSec: m.cpuBoundOrdersPerSec,
      busiestThread: m.busiestThread ?? null,
      failures: m.failures,
    };
    run.targets = result.targets;
    run.invariants = {
      hold: result.invariants.filter((check) => check.pass).length,
      of: result.invariants.length,
      failed: result.invariants.filter((check) => !check.pass).map((check) => check.name),
    };
    log(
      `baseline ${kind} (${when}): ${m.ordersPerSec} orders/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms (exit ${run.exitCode}, ${run.seconds} s)`,
    );
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
    console.log(`  baseline ${kind} could not be measured: ${run.error}`);
  }
  return run;
}

// ---------------------------------------------------------------------------------------------
// One database: prepare, serve, load, profile, stop, check.

type Profile = {
  cpu: string;
  cpuProfileFile: string;
  /** The worker threads' profiles (on PGlite, the database's thread). */
  threads: { cpu: string; cpuProfileFile: string }[];
  /** POST /api/orders. */
  underLoad: StepSummary;
  oneBuyer: StepSummary;
  /** POST /api/orders/{n}/payment. */
  verify: { underLoad: CallSummary; oneBuyer: CallSummary };
  /**
   * Statements outside any traced call, per completed order: the test provider's webhooks (the
   * store delivers them to itself), the mail worker, the sweeps.
   */
  outside: {
    underLoad: ReturnType<typeof unattributedTable>;
    oneBuyer: ReturnType<typeof unattributedTable>;
  };
};

type Latency = {
  count: number;
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
};

type DatabaseResult = {
  kind: Kind;
  label: string;
  loadAverageBefore: number[];
  loadAverageAfter: number[];
  measured: {
    seconds: number;
    /** Orders that ended placed: cash 201s and online orders whose report answered 200. */
    ordersPerSec: number;
    /** 201s per second, online orders awaiting payment included. */
    newOrdersPerSec: number;
    /** Calls to the store (order + verify, replays included) per second. */
    storeRequestsPerSec: number;
    requests: Record<CallKind, number>;
    completedOrders: number;
    newOrders: number;
    latency: Record<CallKind, Latency>;
    statuses: Record<string, number>;
    counts: {
      created: number;
      paid: number;
      declinedAtProvider: number;
      outOfStock: number;
      replays: number;
      other: number;
      failures: number;
    };
    serverCpuPct: number | null;
    postgresCpuPct: number | null;
    loadGeneratorCpuPct: number;
    machineBusyPct: number | null;
    /** CPU per completed order (all the run's work: provider, webhooks, mail worker included). */
    serverCpuMsPerOrder: number | null;
    postgresCpuMsPerOrder: number | null;
    /**
     * The server's busiest thread over the measured stretch (on PGlite, the database's thread;
     * `main` when it is the thread that runs the HTTP server): a thread can use one core at most.
     */
    busiestThread: { main: boolean; cpuPct: number; cpuMsPerOrder: number } | null;
    /**
     * What the CPU per order allows on this machine with nobody else on it: the busiest thread
     * at one core, and everything (server and PostgreSQL) within the machine's cores.
     */
    cpuBoundOrdersPerSec: number | null;
    failures: string[];
  };
  warmup: { seconds: number; requests: number; completedOrders: number };
  targets: { name: string; target: string; value: number; pass: boolean }[];
  invariants: Check[];
  facts: Record<string, number>;
  profile?: Profile;
  /** The baseline's runs on this database: before the hosted run and (A-B-A) after it. */
  baselines: BaselineRun[];
};

/** The thread that used the most CPU between two readings, and how much. */
function busiestThread(
  before: Map<number, number>,
  after: Map<number, number>,
  pid: number | undefined,
): { main: boolean; seconds: number } | undefined {
  let busiest: { main: boolean; seconds: number } | undefined;
  for (const [tid, seconds] of after) {
    const used = seconds - (before.get(tid) ?? 0);
    if (!busiest || used > busiest.seconds) busiest = { main: tid === pid, seconds: used };
  }
  return busiest;
}

function latencyOf(values: number[]): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 0.5)),
    p90Ms: round(percentile(sorted, 0.9)),
    p95Ms: round(percentile(sorted, 0.95)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

const totalRequests = (phase: Phase) => CALL_KINDS.reduce((sum, k) => sum + phase.requests[k], 0);

function summarisePhase(phase: Phase) {
  const count = (test: (label: string) => boolean) =>
    [...phase.statuses].filter(([label]) => test(label)).reduce((sum, [, n]) => sum + n, 0);
  const created = count((label) => label === "order 201");
  const paid = count((label) => label === "verify 200");
  const declinedAtProvider = count((label) => label.startsWith("provider 402"));
  const outOfStock = count((label) => label.startsWith("order 409 OUT_OF_STOCK"));
  const replays = count((label) => label.includes("replay"));
  const failures = count((label) => label.endsWith("network error") || / 5\d\d/.test(label));
  const providerOk = count((label) => label === "provider 200");
  return {
    seconds: round(phase.wallSeconds, 2),
    ordersPerSec: round(phase.completedOrders / phase.wallSeconds),
    newOrdersPerSec: round(phase.newOrders / phase.wallSeconds),
    storeRequestsPerSec: round(
      STORE_CALLS.reduce((sum, kind) => sum + phase.requests[kind], 0) / phase.wallSeconds,
    ),
    requests: phase.requests,
    completedOrders: phase.completedOrders,
    newOrders: phase.newOrders,
    latency: Object.fromEntries(
      CALL_KINDS.map((kind) => [kind, latencyOf(phase.latencies[kind])]),
    ) as Record<CallKind, Latency>,
    statuses: Object.fromEntries([...phase.statuses].sort((a, b) => b[1] - a[1])),
    counts: {
      created,
      paid,
      declinedAtProvider,
      outOfStock,
      replays,
      failures,
      other:
        totalRequests(phase) -
        created -
        paid -
        providerOk -
        declinedAtProvider -
        outOfStock -
        replays -
        failures,
    },
  };
}

async function runDatabase(kind: Kind): Promise<DatabaseResult> {
  const loadAverageBefore = loadAverage();
  console.log(`\n== ${kind}: ${HOSTED_LABEL} == load average ${loadAverageBefore.join(" / ")}`);
  const prepared = await prepare(kind);
  let server: ChildServer | undefined;
  let buyersRun: Buyers | undefined;
  try {
    const catalogue = await stockUp(prepared);
    log(
      `${prepared.label}: ${catalogue.initialStock.size} products at ${PLENTIFUL_STOCK}, ${catalogue.scarce} at ${SCARCE_STOCK}`,
    );
    server = await startChild("bench/support/serve-app.ts", {
      args: [JSON.stringify({ env: { ...prepared.env, TRUST_PROXY: "1" }, trace: true })],
    });
    log(`server up at ${server.origin}`);
    buyersRun = new Buyers(server, catalogue, buyers);

    const warm = await buyersRun.run("warm-up", warmup, buyers);
    log(
      `warm-up: ${totalRequests(warm)} requests, ${warm.completedOrders} orders placed or paid in ${warmup} s`,
    );

    const serverBefore = cpuSeconds(server.child.pid);
    const threadsBefore = threadCpuSeconds(server.child.pid);
    const postgresBefore = kind === "postgres" ? postgresCpuSeconds() : undefined;
    const machineBefore = machineTicks();
    const selfBefore = process.cpuUsage();
    const phase = await buyersRun.run("measured", duration, buyers);
    const self = process.cpuUsage(selfBefore);
    const machineAfter = machineTicks();
    const postgresAfter = kind === "postgres" ? postgresCpuSeconds() : undefined;
    const serverAfter = cpuSeconds(server.child.pid);
    const threadsAfter = threadCpuSeconds(server.child.pid);
    const perCore = (seconds: number | undefined) =>
      seconds === undefined ? null : round((seconds / phase.wallSeconds) * 100);
    const figures = summarisePhase(phase);
    const serverCpu =
      serverBefore === undefined || serverAfter === undefined
        ? undefined
        : serverAfter - serverBefore;
    const postgresCpu =
      postgresBefore === undefined || postgresAfter === undefined
        ? undefined
        : postgresAfter - postgresBefore;
    const perOrder = (seconds: number | undefined) =>
      seconds === undefined || phase.completedOrders === 0
        ? null
        : round((seconds * 1000) / phase.completedOrders, 2);
    const serverCpuMsPerOrder = perOrder(serverCpu);
    const postgresCpuMsPerOrder = kind === "postgres" ? perOrder(postgresCpu) : null;
    const busiest = busiestThread(threadsBefore, threadsAfter, server.child.pid);
    const busiestThreadMsPerOrder = perOrder(busiest?.seconds);
    const cpuBoundOrdersPerSec =
      serverCpuMsPerOrder === null || busiestThreadMsPerOrder === null
        ? null
        : round(
            Math.min(
              1000 / busiestThreadMsPerOrder,
              (os.cpus().length * 1000) / (serverCpuMsPerOrder + (postgresCpuMsPerOrder ?? 0)),
            ),
          );
    const measured: DatabaseResult["measured"] = {
      ...figures,
      serverCpuPct: perCore(serverCpu),
      postgresCpuPct: perCore(postgresCpu),
      serverCpuMsPerOrder,
      postgresCpuMsPerOrder,
      busiestThread: busiest
        ? {
            main: busiest.main,
            cpuPct: perCore(busiest.seconds)!,
            cpuMsPerOrder: busiestThreadMsPerOrder!,
          }
        : null,
      cpuBoundOrdersPerSec,
      loadGeneratorCpuPct: round(((self.user + self.system) / 1e6 / phase.wallSeconds) * 100),
      machineBusyPct:
        machineBefore && machineAfter
          ? round(
              ((machineAfter.busy - machineBefore.busy) /
                (machineAfter.total - machineBefore.total)) *
                100,
            )
          : null,
      failures: phase.failures,
    };
    const l = measured.latency;
    log(
      `measured: ${measured.ordersPerSec} orders/s placed or paid (${measured.newOrdersPerSec} new orders/s, ${measured.storeRequestsPerSec} store calls/s); order p50 ${l.order.p50Ms} p95 ${l.order.p95Ms} p99 ${l.order.p99Ms} ms; verify p50 ${l.verify.p50Ms} p95 ${l.verify.p95Ms} p99 ${l.verify.p99Ms} ms; provider p50 ${l.provider.p50Ms} p99 ${l.provider.p99Ms} ms; server CPU ${measured.serverCpuPct}%${kind === "postgres" ? `, postgres CPU ${measured.postgresCpuPct}%` : ""}, load generator CPU ${measured.loadGeneratorCpuPct}%, machine busy ${measured.machineBusyPct}%`,
    );
    console.log(
      `  CPU per order: server ${serverCpuMsPerOrder} ms${kind === "postgres" ? `, postgres ${postgresCpuMsPerOrder} ms` : ""}; busiest thread ${busiest ? `${busiest.main ? "main" : "other"} ${perCore(busiest.seconds)}%` : "?"}; CPU-bound estimate on this machine if idle: ${cpuBoundOrdersPerSec} orders/s`,
    );
    console.log(
      `  statuses: ${Object.entries(measured.statuses)
        .map(([label, n]) => `${label} ${n}`)
        .join(", ")}`,
    );
    for (const failure of measured.failures.slice(0, 5)) console.log(`  failure: ${failure}`);

    const targets = [
      {
        name: "throughput",
        target: `>= ${TARGETS[kind]} orders/s (placed or paid)`,
        value: measured.ordersPerSec,
        pass: measured.ordersPerSec >= TARGETS[kind],
      },
      ...STORE_CALLS.map((call) => ({
        name: `latency ${call}`,
        target: `${call} p99 < ${TARGET_P99_MS} ms`,
        value: measured.latency[call].p99Ms,
        pass: measured.latency[call].p99Ms < TARGET_P99_MS,
      })),
    ];

    let profile: Profile | undefined;
    const wantProfile =
      !flags["no-profile"] && (flags.profile || targets.some((target) => !target.pass));
    if (wantProfile) profile = await profileServer(kind, server, buyersRun);

    await server.stop(30_000);
    server = undefined;
    buyersRun.close();

    log("server stopped; checking the database");
    const { checks, facts } = await checkInvariants(prepared, catalogue, buyersRun.ledger);
    for (const check of checks)
      console.log(`  ${check.pass ? "ok  " : "FAIL"}  ${check.name}: ${check.detail}`);
    return {
      kind,
      baselines: [],
      label: prepared.label,
      loadAverageBefore,
      loadAverageAfter: loadAverage(),
      measured,
      warmup: {
        seconds: warmup,
        requests: totalRequests(warm),
        completedOrders: warm.completedOrders,
      },
      targets,
      invariants: checks,
      facts,
      profile,
    };
  } finally {
    buyersRun?.close();
    await server?.stop(30_000);
    await prepared.cleanup();
  }
}

type Traced = { traces: RequestTrace[]; unattributed: Unattributed; seconds: number };

const isOrderCall = (trace: RequestTrace) => trace.path === "/api/orders";
const isVerifyCall = (trace: RequestTrace) => /^\/api\/orders\/[^/]+\/payment$/.test(trace.path);

/** Where a checkout's time goes: a CPU profile under load, then step traces. */
async function profileServer(kind: Kind, server: ChildServer, run: Buyers): Promise<Profile> {
  log(`profiling: CPU profile under load (${profileSeconds} s)...`);
  await server.ask("profile:start", "profile:started");
  await run.run("cpu profile", profileSeconds, buyers);
  const { file, threadFiles } = (await server.ask("profile:stop", "profile:stopped")) as {
    file: string;
    threadFiles: string[];
  };
  await mkdir(ARTIFACTS, { recursive: true });
  const keep = async (made: string) => {
    const kept = path.join(ARTIFACTS, `checkout-${kind}-${path.basename(made)}`);
    await rename(made, kept);
    const summary = summariseFile(kept, 20);
    return {
      cpu: formatSummary(summary),
      cpuProfileFile: kept,
      busyShare: summary.busyMs / summary.totalMs,
    };
  };
  const { cpu, cpuProfileFile: kept } = await keep(file);
  // Threads that did next to nothing (a module loader's, say) are left out of the report.
  const threads = [];
  for (const threadFile of threadFiles) {
    const thread = await keep(threadFile);
    if (thread.busyShare >= 0.05)
      threads.push({ cpu: thread.cpu, cpuProfileFile: thread.cpuProfileFile });
  }

  log(`profiling: step trace under load (${profileSeconds} s)...`);
  await server.ask("trace:start", "trace:started");
  const loadedPhase = await run.run("trace under load", profileSeconds, buyers);
  const loaded = (await server.ask("trace:stop", "trace:stopped")) as unknown as Traced;

  const oneBuyerSeconds = Math.max(2, Math.round(profileSeconds / 2));
  log(`profiling: step trace, one buyer (${oneBuyerSeconds} s)...`);
  await server.ask("trace:start", "trace:started");
  const singlePhase = await run.run("trace one buyer", oneBuyerSeconds, 1);
  const single = (await server.ask("trace:stop", "trace:stopped")) as unknown as Traced;

  const orderSteps = (traced: Traced) =>
    summariseSteps(traced.traces.filter(isOrderCall), traced.unattributed, traced.seconds);
  const profile: Profile = {
    cpu,
    cpuProfileFile: kept,
    threads,
    underLoad: orderSteps(loaded),
    oneBuyer: orderSteps(single),
    verify: {
      underLoad: summariseCalls(loaded.traces.filter(isVerifyCall)),
      oneBuyer: summariseCalls(single.traces.filter(isVerifyCall)),
    },
    outside: {
      underLoad: unattributedTable(loaded.unattributed, loadedPhase.completedOrders),
      oneBuyer: unattributedTable(single.unattributed, singlePhase.completedOrders),
    },
  };
  console.log(stepTableText(profile));
  console.log(
    `statements per placed order (POST /api/orders):\n${textTable(STATEMENT_HEADER, statementRows(profile))}`,
  );
  console.log(
    `payment report (POST /api/orders/{n}/payment), server side:\n${textTable(VERIFY_FIGURES_HEADER, verifyFigureRows(profile))}\n${textTable(VERIFY_HEADER, verifyRows(profile))}`,
  );
  console.log(
    `statements outside any traced call, per order placed or paid:\n${textTable(OUTSIDE_HEADER, outsideRows(profile))}`,
  );
  return profile;
}

function stepRows(profile: Profile): (string | number)[][] {
  const one = new Map(profile.oneBuyer.steps.map((entry) => [entry.step, entry]));
  const under = new Map(profile.underLoad.steps.map((entry) => [entry.step, entry]));
  const cell = (entry: { meanMs: number; share: number } | undefined) => [
    entry ? entry.meanMs.toFixed(2) : "0",
    `${((entry?.share ?? 0) * 100).toFixed(0)}%`,
  ];
  const pair = (a: number, b: number, digits = 2) => [a.toFixed(digits), "", b.toFixed(digits), ""];
  return [
    ...STEPS.filter((step) => one.has(step) || under.has(step)).map((step) => [
      step,
      ...cell(one.get(step)),
      ...cell(under.get(step)),
    ]),
    ["total, mean (server side)", ...pair(profile.oneBuyer.meanMs, profile.underLoad.meanMs)],
    ["total, p50", ...pair(profile.oneBuyer.p50Ms, profile.underLoad.p50Ms)],
    ["total, p99", ...pair(profile.oneBuyer.p99Ms, profile.underLoad.p99Ms)],
    [
      "mail worker afterwards, per order",
      ...pair(profile.oneBuyer.mailWorkerMsPerOrder, profile.underLoad.mailWorkerMsPerOrder),
    ],
    [
      "server CPU while in the server, per order",
      ...pair(profile.oneBuyer.cpuMsPerOrder, profile.underLoad.cpuMsPerOrder),
    ],
    [
      "requests inside the server at once (mean)",
      ...pair(profile.oneBuyer.inServerConcurrency, profile.underLoad.inServerConcurrency, 1),
    ],
  ];
}

const STATEMENT_HEADER = [
  "statement",
  "1 buyer: per order",
  "mean ms",
  "ms/order",
  `${buyers} buyers: per order`,
  "mean ms",
  "ms/order",
];

function statementRows(profile: Profile): (string | number)[][] {
  const one = new Map(profile.oneBuyer.statements.map((entry) => [entry.kind, entry]));
  const under = new Map(profile.underLoad.statements.map((entry) => [entry.kind, entry]));
  const kinds = [...new Set([...one.keys(), ...under.keys()])].sort(
    (a, b) => (under.get(b)?.msPerOrder ?? 0) - (under.get(a)?.msPerOrder ?? 0),
  );
  const cells = (entry: StepSummary["statements"][number] | undefined) =>
    entry ? [entry.perOrder, entry.meanMs, entry.msPerOrder] : ["-", "-", "-"];
  return kinds.map((kind) => [kind, ...cells(one.get(kind)), ...cells(under.get(kind))]);
}

const VERIFY_HEADER = [
  "statement",
  "1 buyer: per call",
  "mean ms",
  "ms/call",
  `${buyers} buyers: per call`,
  "mean ms",
  "ms/call",
];

function verifyRows(profile: Profile): (string | number)[][] {
  const { oneBuyer, underLoad } = profile.verify;
  const one = new Map(oneBuyer.statements.map((entry) => [entry.kind, entry]));
  const under = new Map(underLoad.statements.map((entry) => [entry.kind, entry]));
  const kinds = [...new Set([...one.keys(), ...under.keys()])].sort(
    (a, b) => (under.get(b)?.msPerCall ?? 0) - (under.get(a)?.msPerCall ?? 0),
  );
  const cells = (entry: CallSummary["statements"][number] | undefined) =>
    entry ? [entry.perCall, entry.meanMs, entry.msPerCall] : ["-", "-", "-"];
  return kinds.map((kind) => [kind, ...cells(one.get(kind)), ...cells(under.get(kind))]);
}

const VERIFY_FIGURES_HEADER = ["payment report, server side", "1 buyer", `${buyers} buyers`];

function verifyFigureRows(profile: Profile): (string | number)[][] {
  const { oneBuyer, underLoad } = profile.verify;
  return [
    ["calls answered 200 (traced)", oneBuyer.ok, underLoad.ok],
    ["total, mean ms", oneBuyer.meanMs, underLoad.meanMs],
    ["total, p50 ms", oneBuyer.p50Ms, underLoad.p50Ms],
    ["total, p99 ms", oneBuyer.p99Ms, underLoad.p99Ms],
    ["server CPU while in the server, ms per call", oneBuyer.cpuMsPerCall, underLoad.cpuMsPerCall],
  ];
}

const OUTSIDE_HEADER = [
  "statement (webhooks, mail worker, sweeps)",
  "1 buyer: per order",
  "mean ms",
  "ms/order",
  `${buyers} buyers: per order`,
  "mean ms",
  "ms/order",
];

function outsideRows(profile: Profile): (string | number)[][] {
  const one = new Map(profile.outside.oneBuyer.map((entry) => [entry.kind, entry]));
  const under = new Map(profile.outside.underLoad.map((entry) => [entry.kind, entry]));
  const kinds = [...new Set([...one.keys(), ...under.keys()])].sort(
    (a, b) => (under.get(b)?.msPerOrder ?? 0) - (under.get(a)?.msPerOrder ?? 0),
  );
  const cells = (entry: { perOrder: number; meanMs: number; msPerOrder: number } | undefined) =>
    entry ? [entry.perOrder, entry.meanMs, entry.msPerOrder] : ["-", "-", "-"];
  return kinds.map((kind) => [kind, ...cells(one.get(kind)), ...cells(under.get(kind))]);
}

const STEP_HEADER = ["step", "1 buyer ms", "share", `${buyers} buyers ms`, "share"];

function stepTableText(profile: Profile): string {
  return `POST /api/orders, mean per placed order (201), server side (1 buyer: ${profile.oneBuyer.orders} orders; ${buyers} buyers: ${profile.underLoad.orders} orders):\n${textTable(STEP_HEADER, stepRows(profile))}`;
}

// ---------------------------------------------------------------------------------------------
// Tables.

const MAIN_HEADER = [
  "database",
  "orders/s",
  "store calls/s",
  "order p50",
  "order p95",
  "order p99",
  "verify p50",
  "verify p95",
  "verify p99",
  "provider p50",
  "provider p99",
  "201",
  "paid",
  "declined",
  "409 stock",
  "replays",
  "5xx/net",
  "server CPU",
  "busiest thread",
  "pg CPU",
  "machine busy",
  "CPU ms/order",
  "CPU-bound est.",
];

function mainRows(results: DatabaseResult[]): (string | number)[][] {
  return results.map((result) => {
    const m = result.measured;
    const l = m.latency;
    return [
      result.kind,
      m.ordersPerSec.toFixed(1),
      m.storeRequestsPerSec.toFixed(1),
      l.order.p50Ms,
      l.order.p95Ms,
      l.order.p99Ms,
      l.verify.p50Ms,
      l.verify.p95Ms,
      l.verify.p99Ms,
      l.provider.p50Ms,
      l.provider.p99Ms,
      m.counts.created,
      m.counts.paid,
      m.counts.declinedAtProvider,
      m.counts.outOfStock,
      m.counts.replays,
      m.counts.failures,
      `${m.serverCpuPct ?? "?"}%`,
      m.busiestThread
        ? `${m.busiestThread.main ? "main" : "other"} ${m.busiestThread.cpuPct}%`
        : "?",
      result.kind === "postgres" ? `${m.postgresCpuPct ?? "?"}%` : "-",
      `${m.machineBusyPct ?? "?"}%`,
      `${m.serverCpuMsPerOrder ?? "?"}${result.kind === "postgres" ? ` + ${m.postgresCpuMsPerOrder ?? "?"}` : ""}`,
      `${m.cpuBoundOrdersPerSec ?? "?"}/s`,
    ];
  });
}

const COMPARISON_HEADER = [
  "database",
  "run",
  "orders/s",
  "store calls/s",
  "call",
  "p50 ms",
  "p90 ms",
  "p95 ms",
  "p99 ms",
  "max ms",
  "server CPU",
  "CPU ms/order",
  "CPU-bound est.",
  "machine busy",
  "load avg before",
];

type ComparisonRow = {
  database: Kind;
  run: string;
  ordersPerSec: number | null;
  storeCallsPerSec: number | null;
  call: string;
  p50Ms: number | null;
  p90Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  /** The server process's CPU, % of one core: how much of the machine it got. */
  serverCpuPct: number | null;
  /** Server (+ PostgreSQL) CPU ms per order placed or paid: what an order costs. */
  cpuMsPerOrder: string | null;
  cpuBoundOrdersPerSec: number | null;
  machineBusyPct: number | null;
  loadAverageBefore: number | null;
};

const cpuCell = (server: number | null, postgres: number | null, kind: Kind) =>
  server === null ? null : `${server}${kind === "postgres" ? ` + pg ${postgres ?? "?"}` : ""}`;

function baselineRow(kind: Kind, base: BaselineRun): ComparisonRow {
  const f = base.figures;
  return {
    database: kind,
    run: `${base.label}, ${base.when}`,
    ordersPerSec: f?.ordersPerSec ?? null,
    storeCallsPerSec: f?.requestsPerSec ?? null,
    call: "order (card details posted; 1 store call per order)",
    p50Ms: f?.p50Ms ?? null,
    p90Ms: f?.p90Ms ?? null,
    p95Ms: null,
    p99Ms: f?.p99Ms ?? null,
    maxMs: f?.maxMs ?? null,
    serverCpuPct: f?.serverCpuPct ?? null,
    cpuMsPerOrder: f ? cpuCell(f.serverCpuMsPerOrder, f.postgresCpuMsPerOrder, kind) : null,
    cpuBoundOrdersPerSec: f?.cpuBoundOrdersPerSec ?? null,
    machineBusyPct: f?.machineBusyPct ?? null,
    loadAverageBefore: base.loadAverageBefore[0] ?? null,
  };
}

function comparison(results: DatabaseResult[]): ComparisonRow[] {
  const out: ComparisonRow[] = [];
  for (const result of results) {
    const before = result.baselines.filter((base) => base.when === "before");
    const after = result.baselines.filter((base) => base.when === "after");
    for (const base of before) out.push(baselineRow(result.kind, base));
    const m = result.measured;
    const calls: [CallKind, string][] = [
      ["order", "order (place: 201 placed or awaiting_payment)"],
      ["verify", "verify (report the provider's answer: 200 paid)"],
      ["provider", "provider (test provider's API; the provider's work, not a store call)"],
    ];
    calls.forEach(([kind, label], index) => {
      const l = m.latency[kind];
      const first = index === 0;
      out.push({
        database: result.kind,
        run: HOSTED_LABEL,
        ordersPerSec: first ? m.ordersPerSec : null,
        storeCallsPerSec: first ? m.storeRequestsPerSec : null,
        call: label,
        p50Ms: l.p50Ms,
        p90Ms: l.p90Ms,
        p95Ms: l.p95Ms,
        p99Ms: l.p99Ms,
        maxMs: l.maxMs,
        serverCpuPct: first ? m.serverCpuPct : null,
        cpuMsPerOrder: first
          ? cpuCell(m.serverCpuMsPerOrder, m.postgresCpuMsPerOrder, result.kind)
          : null,
        cpuBoundOrdersPerSec: first ? m.cpuBoundOrdersPerSec : null,
        machineBusyPct: first ? m.machineBusyPct : null,
        loadAverageBefore: first ? (result.loadAverageBefore[0] ?? null) : null,
      });
    });
    for (const base of after) out.push(baselineRow(result.kind, base));
  }
  return out;
}

function comparisonCells(rows: ComparisonRow[]): (string | number)[][] {
  const cell = (value: number | string | null, missing = "") => (value === null ? missing : value);
  const percent = (value: number | null) => (value === null ? "" : `${value}%`);
  return rows.map((row) => [
    row.database,
    row.run,
    cell(row.ordersPerSec),
    cell(row.storeCallsPerSec),
    row.call,
    cell(row.p50Ms, "?"),
    cell(row.p90Ms, "?"),
    cell(row.p95Ms, row.run === HOSTED_LABEL ? "?" : "n/r"),
    cell(row.p99Ms, "?"),
    cell(row.maxMs, "?"),
    percent(row.serverCpuPct),
    cell(row.cpuMsPerOrder),
    row.cpuBoundOrdersPerSec === null ? "" : `${row.cpuBoundOrdersPerSec}/s`,
    percent(row.machineBusyPct),
    cell(row.loadAverageBefore),
  ]);
}

/** The mean of the baseline runs' figure, or null when none was measured. */
function baselineMean(
  runs: BaselineRun[],
  pick: (figures: BaselineFigures) => number | null,
): number | null {
  const values = runs
    .map((run) => (run.figures ? pick(run.figures) : null))
    .filter((value): value is number => value !== null);
  return values.length === 0
    ? null
    : round(values.reduce((sum, value) => sum + value, 0) / values.length, 2);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  // React (the emails and invoices are React components rendered on the server) reads
  // process.env.NODE_ENV, not the store's config: without this the server child, which only
  // hands NODE_ENV=production to loadConfig, renders with React's development build, several
  // times slower than a deployment (README: NODE_ENV=production). The server child and the
  // baseline's bench inherit it, so both runs render alike.
  process.env.NODE_ENV = "production";
  const started = Date.now();
  const storeVersion = workingTree();
  const loadAverageStart = loadAverage();
  console.log(
    `bench:checkout — hosted checkout (POST /api/orders, the test provider, POST /api/orders/{n}/payment), ${buyers} buyers for ${duration} s (after ${warmup} s warm-up) on ${databases.join(" and ")}; baseline ${baselineRef ?? "none"}; load average at start ${loadAverageStart.join(" / ")} (${os.cpus().length} CPUs)`,
  );
  if (!testDatabaseUrl) console.log("TEST_DATABASE_URL is not set: PostgreSQL is skipped");

  let base: BaselineTree | undefined;
  let baselineError: string | undefined;
  if (baselineRef) {
    try {
      base = await baselineTree(baselineRef);
    } catch (error) {
      baselineError = error instanceof Error ? error.message : String(error);
      console.log(`baseline ${baselineRef} could not be prepared: ${baselineError}`);
    }
  }

  // Interleaved: each database's baseline right before its hosted run and right after it
  // (A-B-A), so both see about the same machine, and a change in between shows.
  const results: DatabaseResult[] = [];
  for (const kind of databases) {
    const baselines: BaselineRun[] = [];
    if (base) baselines.push(await runBaseline(base, kind, "before"));
    const result = await runDatabase(kind);
    if (base && baselineRuns > 1) baselines.push(await runBaseline(base, kind, "after"));
    results.push({ ...result, baselines });
  }
  const loadAverageEnd = loadAverage();

  const rowsOut = mainRows(results);
  console.log(`\n${HOSTED_LABEL}:\n${textTable(MAIN_HEADER, rowsOut)}`);
  const compared = comparison(results);
  console.log(
    `\nbaseline vs hosted checkout (same session):\n${textTable(COMPARISON_HEADER, comparisonCells(compared))}`,
  );
  for (const result of results) {
    for (const target of result.targets)
      console.log(
        `${target.pass ? "PASS" : "MISS"}  ${result.kind} ${target.target}: ${target.value}`,
      );
  }
  const invariantsPassed = results.every((result) => result.invariants.every((c) => c.pass));
  for (const result of results) {
    const failed = result.invariants.filter((check) => !check.pass);
    console.log(
      `${failed.length === 0 ? "PASS" : "FAIL"}  ${result.kind} invariants: ${result.invariants.length - failed.length}/${result.invariants.length} hold${failed.length ? ` — failed: ${failed.map((check) => check.name).join("; ")}` : ""}`,
    );
    for (const b of result.baselines)
      console.log(
        `      ${result.kind} baseline (${b.when}): ${b.invariants ? `invariants ${b.invariants.hold}/${b.invariants.of} hold` : `not measured (${b.error})`}`,
      );
  }
  console.log(`load average at end ${loadAverageEnd.join(" / ")}`);

  const environment = {
    date: new Date().toISOString(),
    store: storeVersion,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    loadAverageStart,
    loadAverageEnd,
  };
  const report = {
    benchmark: "checkout",
    flow: HOSTED_LABEL,
    ...environment,
    endpoints: {
      order: "POST /api/orders",
      provider: `POST ${TEST_PROVIDER_API}/orders/{providerOrderId}/payments (the test provider)`,
      verify: "POST /api/orders/{orderNumber}/payment",
    },
    settings: {
      buyers,
      durationSeconds: duration,
      warmupSeconds: warmup,
      plentifulStock: PLENTIFUL_STOCK,
      scarceStock: SCARCE_STOCK,
      scarceShare: SCARCE_SHARE,
      replayShare: REPLAY_SHARE,
      verifyReplayShare: VERIFY_REPLAY_SHARE,
      ordersPerShopper: ORDERS_PER_SHOPPER,
      paymentMix: PAYMENT_MIX,
      declined: "left awaiting payment (not retried)",
      databases,
      baseline: baselineRef ?? null,
      baselineRuns: baselineRef ? baselineRuns : 0,
    },
    targets: {
      ordersPerSec: TARGETS,
      p99Ms: TARGET_P99_MS,
      p99AppliesTo: [...STORE_CALLS],
    },
    baseline: baselineRef
      ? {
          ref: baselineRef,
          commit: base?.commit ?? null,
          label: baselineLabel(baselineRef),
          tree: base?.tree ?? null,
          error: baselineError ?? null,
          note: "The baseline posts card details to the store: one store call per order (POST /api/orders charges and places). The hosted checkout needs two store calls per online order (place, then report the provider's answer) plus the provider's own call, served here by the store's built-in test provider in the same process.",
          results: results.flatMap((result) => result.baselines),
        }
      : null,
    comparison: compared,
    results: results.map(({ profile, baselines: _baselines, ...rest }) =>
      profile
        ? {
            ...rest,
            profile: {
              cpuProfileFile: profile.cpuProfileFile,
              threadProfileFiles: profile.threads.map((thread) => thread.cpuProfileFile),
              underLoad: profile.underLoad,
              oneBuyer: profile.oneBuyer,
              verify: profile.verify,
              outside: profile.outside,
            },
          }
        : rest,
    ),
    targetsPassed: results.every((result) => result.targets.every((target) => target.pass)),
    invariantsPassed,
    elapsedSeconds: Math.round((Date.now() - started) / 1000),
  };
  const resultsDir = path.join(ROOT, "bench/results");
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, "checkout.json"), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(
    path.join(resultsDir, "checkout.md"),
    markdown(report, results, rowsOut, compared),
  );
  console.log(
    `\nwrote bench/results/checkout.json and bench/results/checkout.md (${report.elapsedSeconds} s)`,
  );
  if (!invariantsPassed) process.exitCode = 1;
}

/** The working tree's changes the server runs (src/server, src/shared), for the header. */
function storeChanges(changedFiles: string[]): string {
  const server = changedFiles.filter((file) => /^src\/(server|shared)\//.test(file));
  if (changedFiles.length === 0) return "";
  return ` with ${changedFiles.length} files of src/ and bench/ changed${server.length ? `, of them in src/server and src/shared: ${server.join(", ")}` : ", none in src/server or src/shared"} (the JSON lists them all)`;
}

function markdown(
  report: {
    date: string;
    store: { commit: string; changedFiles: string[] };
    node: string;
    cpus: number;
    cpuModel: string;
    loadAverageStart: number[];
    loadAverageEnd: number[];
    elapsedSeconds: number;
  },
  results: DatabaseResult[],
  rowsOut: (string | number)[][],
  compared: ComparisonRow[],
): string {
  const mix = `${PAYMENT_MIX.cash * 100}% cash, ${PAYMENT_MIX.card * 100}% card (${APPROVING_TEST_CARD}), ${PAYMENT_MIX.upiApproved * 100}% UPI ${APPROVING_TEST_UPI}, ${PAYMENT_MIX.upiDeclined * 100}% UPI ${DECLINING_TEST_UPI} (declined)`;
  const lines = [
    "# Checkout benchmark: the hosted checkout, beside main before it",
    "",
    `${report.date} · Node ${report.node} · ${report.cpus} CPUs (${report.cpuModel}) · load average ${report.loadAverageStart.join(" / ")} at the start, ${report.loadAverageEnd.join(" / ")} at the end · ${report.elapsedSeconds} s in all · the store at ${report.store.commit.slice(0, 10)}${storeChanges(report.store.changedFiles)}`,
    "",
    `${buyers} buyers, each with one checkout in flight, for ${duration} s after a ${warmup} s warm-up, against the store as \`src/server/main.ts\` runs it (NODE_ENV=production, LOG_LEVEL=warn, mail worker, refund retries and unpaid-order sweep on, TRUST_PROXY=1, PAYMENT_PROVIDER=test: demo mode's built-in test provider) in its own process. NODE_ENV=production is now also in the server's process environment, so React renders the emails and invoices with its production build as in a deployment (before, only the store's config had it, and React ran its development build: figures in older result files are not comparable). Each simulated shopper has its own X-Forwarded-For address and cookie and places ${ORDERS_PER_SHOPPER.min}-${ORDERS_PER_SHOPPER.max} orders in at most ${MAILS_PER_RECIPIENT_PER_HOUR} checkout attempts (the store mails one address at most ${MAILS_PER_RECIPIENT_PER_HOUR} times an hour), at most 3 of them open cash orders, before the next shopper takes the slot. An order is 1-4 products × 1-3; ${SCARCE_SHARE * 100}% include the one scarce product (stock ${SCARCE_STOCK}; every other product ${PLENTIFUL_STOCK}). Payment mix: ${mix}.`,
    "",
    `**The hosted flow, as a browser does it.** A cash order is one call: \`POST /api/orders\` → 201 placed. An online order is placed (\`POST /api/orders\`, payment method only → 201 awaiting_payment with the provider's order: its stock is held), paid in the provider's checkout (\`POST ${TEST_PROVIDER_API}/orders/{providerOrderId}/payments\` with what the test checkout page sends: "Visa ending 1111" or "UPI success@upi", never a card number; the provider's work, timed as "provider", not a store call), and the provider's signed answer reported to the store (\`POST /api/orders/{n}/payment\`, "verify" → 200 placed/paid). A declined UPI payment (402 at the provider) is **left awaiting payment**, holding its stock until the hold ends (15 min, longer than the run), as a shopper who gives up would leave it; it is not retried, and that shopper leaves (the next one takes the slot, so nobody meets the store's limit of unpaid holds per phone and browser). A report answered 202 (signed, but the provider has not yet said it took the money) would be followed by the order page's reads of the order (\`GET /api/orders/{n}\`, "read") until the webhook has made it paid; with the test provider, which captures at once, none is expected. The test provider also sends its signed webhook (payment.captured / payment.failed), which the demo store delivers to itself in-process: every payment is reported twice (browser and webhook), as with Razorpay. A shopper told an item ran out drops it and tries again once; ${REPLAY_SHARE * 100}% of order answers are followed by a replay of the same Idempotency-Key and body, and ${VERIFY_REPLAY_SHARE * 100}% of accepted payment reports are sent again.`,
    "",
    `**orders/s** counts orders that end placed: cash 201s and online orders whose report answered 200 (declined ones are not counted). **Latency** is per call kind, measured by the load generator (replays included); the p99 target (< ${TARGET_P99_MS} ms) applies to each store call (order, verify). "store calls/s" counts order + verify calls. "CPU ms/order" is server (+ PostgreSQL) CPU per order placed or paid, all the run's work included (the in-process test provider and its webhooks, declines, replays, the mail worker). "CPU-bound est." is what that CPU per order would allow on this machine with nobody else on it: a ceiling, not a measurement. The machine has ${report.cpus} cores and was shared with other work during the run.`,
    "",
    "## Baseline vs hosted checkout, same session",
    "",
    ...(baselineRef
      ? [
          `"${baselineLabel(baselineRef)}" is this same bench as it was at ${baselineRef} (\`git worktree\` in \`.tmp/bench-baseline/${baselineRef}\`, its \`node_modules\` and \`dist\` linked to this checkout's, both servers with NODE_ENV=production in their environment), run with the same duration, buyers and database right before each hosted run${baselineRuns > 1 ? " and right after it (A-B-A: the machine is shared, and a change in its load between the runs shows as a difference between the two baseline rows)" : ""}: there the browser posted the card number (or UPI ID) to the store, which charged it through the test gateway and placed the order in **one store call per order**. The hosted checkout needs **two store calls per online order** (place, then report the provider's answer), plus the provider's own call, which the store's built-in test provider serves from the same process (with Razorpay it would run on Razorpay's servers), and the webhook it delivers to the store. So orders/s here compares the work a whole order needs, not one call with one call. The baseline's bench records p50, p90 and p99, not p95 ("n/r"). A baseline orders/s counts 201s (every 201 was placed and paid or cash then).`,
          "",
          mdTable(COMPARISON_HEADER, comparisonCells(compared)),
          "",
          ...results.flatMap((result) => {
            const runs = result.baselines;
            const m = result.measured;
            const measured = runs.filter((run) => run.figures);
            const notes = runs
              .filter((run) => !run.figures)
              .map(
                (run) => `- ${result.kind} baseline (${run.when}): **not measured**: ${run.error}`,
              );
            if (measured.length === 0) return [...notes, ""];
            const orders = baselineMean(measured, (f) => f.ordersPerSec);
            const serverCpu = baselineMean(measured, (f) => f.serverCpuMsPerOrder);
            const postgresCpu = baselineMean(measured, (f) => f.postgresCpuMsPerOrder);
            const ceiling = baselineMean(measured, (f) => f.cpuBoundOrdersPerSec);
            const ratio = (ours: number | null, theirs: number | null) =>
              ours === null || !theirs ? "?" : round(ours / theirs, 2);
            return [
              `- **${result.kind}**: hosted ${m.ordersPerSec} orders/s vs baseline ${orders} (mean of ${measured.length} run${measured.length > 1 ? "s" : ""}: ${measured.map((run) => `${run.when} ${run.figures!.ordersPerSec}`).join(", ")}), × ${ratio(m.ordersPerSec, orders)}. CPU per order placed or paid, which depends far less on how busy the machine is: server ${m.serverCpuMsPerOrder ?? "?"} ms vs ${serverCpu ?? "?"} ms (× ${ratio(m.serverCpuMsPerOrder, serverCpu)})${result.kind === "postgres" ? `, PostgreSQL ${m.postgresCpuMsPerOrder ?? "?"} ms vs ${postgresCpu ?? "?"} ms (× ${ratio(m.postgresCpuMsPerOrder, postgresCpu)})` : ""}; CPU-bound ceiling ${m.cpuBoundOrdersPerSec ?? "?"} vs ${ceiling ?? "?"} orders/s.`,
              ...measured.map(
                (run) =>
                  `  - baseline ${run.when}: ${run.seconds} s, exit ${run.exitCode}, invariants ${run.invariants ? `${run.invariants.hold}/${run.invariants.of} hold${run.invariants.failed.length ? ` (failed: ${run.invariants.failed.join("; ")})` : ""}` : "?"}, targets ${(run.targets ?? []).map((t) => `${t.name} ${t.pass ? "pass" : "missed"}`).join(", ")}; answers ${Object.entries(
                    run.figures!.statuses,
                  )
                    .map(([label, n]) => `${label} × ${n}`)
                    .join(", ")}.`,
              ),
              ...notes,
            ];
          }),
          "",
        ]
      : ["No baseline in this run (`--baseline none`).", ""]),
    `## ${HOSTED_LABEL}`,
    "",
    mdTable(MAIN_HEADER, rowsOut),
    "",
    "| database | target | value | result | CPU-bound ceiling if the machine were idle |",
    "| --- | --- | ---: | --- | ---: |",
    ...results.flatMap((result) =>
      result.targets.map(
        (target) =>
          `| ${result.kind} | ${target.target} | ${target.value} | ${target.pass ? "pass" : "**MISSED**"} | ${target.name === "throughput" ? `${result.measured.cpuBoundOrdersPerSec ?? "?"} orders/s` : ""} |`,
      ),
    ),
    "",
    `Invariants: ${results.map((result) => `${result.kind} ${result.invariants.filter((check) => check.pass).length}/${result.invariants.length} hold`).join(", ")}${results.every((result) => result.invariants.every((check) => check.pass)) ? "" : " — **FAILED**"}.`,
    "",
  ];
  for (const result of results) {
    const m = result.measured;
    const l = m.latency;
    lines.push(
      `### ${result.kind}`,
      "",
      `${result.label}. Load average ${result.loadAverageBefore.join(" / ")} before, ${result.loadAverageAfter.join(" / ")} after. Warm-up: ${result.warmup.requests} requests, ${result.warmup.completedOrders} orders placed or paid.`,
      "",
      `Measured ${m.seconds} s: ${m.requests.order} order calls, ${m.requests.verify} verify calls, ${m.requests.provider} provider calls; ${m.newOrders} new orders (201), ${m.completedOrders} placed or paid. Server process CPU ${m.serverCpuPct ?? "?"}% of one core${result.kind === "postgres" ? `, PostgreSQL processes ${m.postgresCpuPct ?? "?"}%` : ""}, load generator ${m.loadGeneratorCpuPct}%, whole machine ${m.machineBusyPct ?? "?"}% busy (all processes, other users included). CPU per order placed or paid: server ${m.serverCpuMsPerOrder ?? "?"} ms${result.kind === "postgres" ? `, PostgreSQL ${m.postgresCpuMsPerOrder ?? "?"} ms` : ""}. Busiest server thread: ${m.busiestThread ? `${m.busiestThread.main ? "the main thread" : "not the main thread"}, ${m.busiestThread.cpuPct}% of one core, ${m.busiestThread.cpuMsPerOrder} ms per order` : "?"}.`,
      "",
      "| call | count | p50 ms | p90 ms | p95 ms | p99 ms | max ms |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...CALL_KINDS.map(
        (kind) =>
          `| ${kind} | ${l[kind].count} | ${l[kind].p50Ms} | ${l[kind].p90Ms} | ${l[kind].p95Ms} | ${l[kind].p99Ms} | ${l[kind].maxMs} |`,
      ),
      "",
      "| answer | count |",
      "| --- | ---: |",
      ...Object.entries(m.statuses).map(([label, n]) => `| ${label} | ${n} |`),
      "",
      ...(m.failures.length > 0
        ? ["Failures:", "", ...m.failures.map((failure) => `- ${failure}`), ""]
        : []),
      "Invariants, checked in the database after the server stopped (every phase's orders, warm-up and profiling included):",
      "",
      "| invariant | result | detail |",
      "| --- | --- | --- |",
      ...result.invariants.map(
        (check) => `| ${check.name} | ${check.pass ? "pass" : "**FAIL**"} | ${check.detail} |`,
      ),
      "",
    );
    if (result.profile) {
      lines.push(
        `#### Where the time goes (${result.kind})`,
        "",
        `Step traces from the server process (bench/support/step-trace.ts): every statement timed at the driver, the JavaScript between statements given to its step. \`POST /api/orders\`, mean per placed order (201), from the request's arrival to the end of the answer; with one buyer this is the service time, with ${buyers} it includes waiting (for PGlite's thread, which runs one statement at a time, for a pooled PostgreSQL connection, for row locks).`,
        "",
        mdTable(STEP_HEADER, stepRows(result.profile)),
        "",
        "Statements and waits behind those steps, per placed order (the mail worker's too; with one buyer it may still be clearing mail queued under load):",
        "",
        mdTable(STATEMENT_HEADER, statementRows(result.profile)),
        "",
        "The payment report (`POST /api/orders/{n}/payment`, answered 200), server side, and its statements per call (with one buyer the server CPU includes the webhook the test provider delivers at the same moment):",
        "",
        mdTable(VERIFY_FIGURES_HEADER, verifyFigureRows(result.profile)),
        "",
        mdTable(VERIFY_HEADER, verifyRows(result.profile)),
        "",
        "Statements outside any traced call, per order placed or paid in the traced stretch: the test provider's own calls (its rate-limit count) and webhooks (delivered by the store to itself right after each payment, so they race the browser's report), the mail worker (claiming and storing the confirmations), the sweeps:",
        "",
        mdTable(OUTSIDE_HEADER, outsideRows(result.profile)),
        "",
        `CPU profile of the server process's main thread (the one that serves HTTP) under ${buyers} buyers for ${profileSeconds} s (full profile: \`${result.profile.cpuProfileFile}\`, outside the repository):`,
        "",
        "```text",
        result.profile.cpu,
        "```",
        "",
      );
      for (const thread of result.profile.threads) {
        lines.push(
          `CPU profile of a busy worker thread of the server (on PGlite, the database's thread), same stretch (full profile: \`${thread.cpuProfileFile}\`):`,
          "",
          "```text",
          thread.cpu,
          "```",
          "",
        );
      }
    }
  }
  return lines.join("\n");
}

main().catch((error: unknown) => {
  console.error("bench:checkout failed:", error);
  process.exit(1);
});
