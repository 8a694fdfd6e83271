// `npm run bench:checkout`: POST /api/orders under load, with correctness checked afterwards.
//
// 50 buyers (one order in flight each) for 20 s against the real server in its own process
// (bench/support/serve-app.ts: as src/server/main.ts starts it, NODE_ENV=production,
// LOG_LEVEL=warn, mail worker on, TRUST_PROXY=1), on PGlite in a fresh data directory and, when
// TEST_DATABASE_URL is set, on a fresh PostgreSQL database (fhh_bench_<random>, dropped after).
// Every product starts with plenty of stock except one scarce product that many orders include,
// so the run shows that contention never oversells. Each simulated shopper has its own
// X-Forwarded-For address and cookie and places 1-5 orders before the next shopper takes the
// slot, so the 30 orders/min per address limit applies per shopper as behind a real proxy.
// After the server has stopped, the database is checked against every answer the buyers got.
//
// Options: --duration S (20) --warmup S (2) --buyers N (50) --databases pglite,postgres
//          --profile (always profile) --no-profile (never; by default only when a target is
//          missed) --profile-seconds S (4)
// Exit code: 1 when an invariant fails (or the run could not be done); 0 otherwise, also when a
// throughput or latency target is missed.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../src/server/db/client.ts";
import { seedDatabase } from "../src/server/db/seed/seed.ts";
import { MAILS_PER_RECIPIENT_PER_HOUR } from "../src/server/modules/mail/recipient-limit.ts";
import type { PlaceOrderInput } from "../src/shared/contracts/checkout.ts";
import { percentile, STEPS, type StepSummary, summariseSteps } from "./support/checkout-steps.ts";
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
const TARGET_P99_MS = 200;
const PLENTIFUL_STOCK = 100_000;
const SCARCE_STOCK = 200;
/** Share of orders that include the scarce product. */
const SCARCE_SHARE = 0.25;
const REPLAY_SHARE = 0.02;
const ORDERS_PER_SHOPPER = { min: 1, max: 5 };

const { values: flags } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    warmup: { type: "string", default: "2" },
    buyers: { type: "string", default: "50" },
    databases: { type: "string" },
    profile: { type: "boolean", default: false },
    "no-profile": { type: "boolean", default: false },
    "profile-seconds": { type: "string", default: "4" },
  },
});
const duration = Number(flags.duration);
const warmup = Number(flags.warmup);
const buyers = Number(flags.buyers);
const profileSeconds = Number(flags["profile-seconds"]);
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
  // The server child reads no demo default with DATABASE_URL set.
  return {
    kind,
    ...fresh,
    env: kind === "postgres" ? { ...fresh.env, DEMO_MODE: "true" } : fresh.env,
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

/** Everything the buyers were told, to check the database against afterwards. */
type Ledger = {
  /** Idempotency-Key → the order the server acknowledged (201). */
  acknowledged: Map<string, { orderNumber: string; totalPaise: number; items: Items }>;
  /** orderNumber → the key it was acknowledged for (a second key for one number is a duplicate). */
  keyByOrderNumber: Map<string, string>;
  duplicateAcknowledgements: string[];
  declined: { key: string; payment: PaymentKind }[];
  outOfStock: { key: string; items: Items }[];
  /** A declining UPI ID that got an order, or an approving instrument that was declined. */
  paymentSurprises: string[];
  replays: { key: string; status: number; same: boolean; detail: string }[];
  /** Keys whose answer was lost (network error or 5xx): the outcome is unknown. */
  unknown: string[];
};

type Phase = {
  name: string;
  latencies: number[];
  statuses: Map<string, number>;
  newOrders: number;
  requests: number;
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

class Buyers {
  readonly ledger: Ledger = {
    acknowledged: new Map(),
    keyByOrderNumber: new Map(),
    duplicateAcknowledgements: [],
    declined: [],
    outOfStock: [],
    paymentSurprises: [],
    replays: [],
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
      latencies: [],
      statuses: new Map(),
      newOrders: 0,
      requests: 0,
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
        const short = await this.placeOrder(phase, shopper, items);
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

  /** One attempt with a new key; returns the ids that were out of stock, if that was the answer. */
  private async placeOrder(
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
    const answer = await this.send(phase, shopper, key, body);
    const { ledger } = this;
    const code = typeof answer.body?.code === "string" ? answer.body.code : undefined;
    let short: Set<string> | undefined;

    if (answer.status === 201) {
      phase.newOrders++;
      const orderNumber = String(answer.body?.orderNumber);
      const totalPaise = Number(answer.body?.totalPaise);
      ledger.acknowledged.set(key, { orderNumber, totalPaise, items });
      const earlier = ledger.keyByOrderNumber.get(orderNumber);
      if (earlier && earlier !== key) ledger.duplicateAcknowledgements.push(orderNumber);
      ledger.keyByOrderNumber.set(orderNumber, key);
      if (payment === "upi-declining") ledger.paymentSurprises.push(`${key}: order placed`);
    } else if (answer.status === 402) {
      ledger.declined.push({ key, payment });
      if (payment !== "upi-declining") ledger.paymentSurprises.push(`${key}: ${payment} declined`);
    } else if (answer.status === 409 && code === "OUT_OF_STOCK") {
      ledger.outOfStock.push({ key, items });
      const listed = (answer.body?.items ?? []) as { productId: string }[];
      short = new Set(listed.map((item) => item.productId));
    } else if (answer.status === 0 || answer.status >= 500) {
      ledger.unknown.push(key);
    }

    if (answer.status > 0 && answer.status < 500 && Math.random() < REPLAY_SHARE) {
      await this.replay(phase, shopper, key, body, answer);
    }
    return short;
  }

  /** The same key and body again, as a browser retrying after a lost answer would send them. */
  private async replay(phase: Phase, shopper: Shopper, key: string, body: string, first: Answer) {
    const again = await this.send(phase, shopper, key, body, true);
    const sameStatus = again.status === first.status;
    const sameOrder =
      first.status === 201
        ? again.body?.orderNumber === first.body?.orderNumber &&
          again.body?.totalPaise === first.body?.totalPaise
        : again.body?.code === first.body?.code;
    this.ledger.replays.push({
      key,
      status: again.status,
      same: sameStatus && sameOrder,
      detail: `first ${first.status} ${String(first.body?.orderNumber ?? first.body?.code)}, replay ${again.status} ${String(again.body?.orderNumber ?? again.body?.code ?? again.error)}`,
    });
  }

  private async send(
    phase: Phase,
    shopper: Shopper,
    key: string,
    body: string,
    replay = false,
  ): Promise<Answer> {
    const started = performance.now();
    const answer = await this.post(shopper, key, body);
    phase.latencies.push(performance.now() - started);
    phase.requests++;
    if (answer.setCookie) shopper.cookie = answer.setCookie;
    const code = typeof answer.body?.code === "string" ? answer.body.code : "";
    const label =
      answer.status === 0
        ? "network error"
        : `${answer.status}${code && answer.status !== 201 ? ` ${code}` : ""}${replay ? " (replay)" : ""}`;
    phase.statuses.set(label, (phase.statuses.get(label) ?? 0) + 1);
    if ((answer.status === 0 || answer.status >= 500) && phase.failures.length < 20 && !replay) {
      phase.failures.push(
        `${label}: ${answer.error ?? JSON.stringify(answer.body)?.slice(0, 300)}`,
      );
    }
    return answer;
  }

  private post(shopper: Shopper, key: string, body: string): Promise<Answer> {
    return new Promise((resolve) => {
      const headers: Record<string, string> = {
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "idempotency-key": key,
        "x-forwarded-for": shopper.address,
        origin: this.server.storeOrigin,
      };
      if (shopper.cookie) headers.cookie = shopper.cookie;
      const request = http.request(
        {
          agent: this.agent,
          host: "127.0.0.1",
          port: this.server.port,
          method: "POST",
          path: "/api/orders",
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

/** Inclusive at both ends. */
function randomInt(min: number, max: number): number {
  return min + Math.floor(Math.random() * (max - min + 1));
}

function pickPayment(): PaymentKind {
  const roll = Math.random();
  if (roll < 0.35) return "cash";
  if (roll < 0.65) return "card";
  if (roll < 0.95) return "upi";
  return "upi-declining";
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
    payment:
      payment === "cash"
        ? { method: "cash" }
        : payment === "card"
          ? {
              method: "card",
              card: { number: "4111111111111111", name: "Asha Das", expiry: "12/30", cvv: "123" },
            }
          : { method: "upi", upiId: payment === "upi" ? "success@upi" : "failure@upi" },
    items,
  };
}

// ---------------------------------------------------------------------------------------------
// Invariants, checked in the database after the server has stopped.

type Check = { name: string; pass: boolean; detail: string };

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
    const sold = await rows<{ product_id: string; sold: number }>(
      db,
      sql`select product_id, sum(quantity)::int as sold from order_lines group by product_id`,
    );
    const orders = await rows<{ id: number; order_number: string; total_paise: number }>(
      db,
      sql`select id, order_number, total_paise from orders`,
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
    }>(db, sql`select order_id, idempotency_key, status from payments`);
    const keys = await rows<{ key: string; state: string; response_status: number | null }>(
      db,
      sql`select key, state, response_status from idempotency_keys where scope = 'checkout'`,
    );
    const mail = await rows<{ status: string; n: number }>(
      db,
      sql`select status, count(*)::int as n from mail_outbox group by status`,
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

    // 1. Stock is conserved: what is left plus what was sold is what there was.
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
    add(
      "stock + sold = initial stock, for every product",
      conservation,
      `${catalogue.initialStock.size} products, ${totalSold} units sold`,
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
    //    and is the order its key paid for.
    const orderByNumber = new Map(orders.map((row) => [row.order_number, row]));
    const linesByOrder = new Map<number, Map<string, number>>();
    for (const line of lines) {
      const map = linesByOrder.get(line.order_id) ?? new Map<string, number>();
      map.set(line.product_id, (map.get(line.product_id) ?? 0) + Number(line.quantity));
      linesByOrder.set(line.order_id, map);
    }
    const orderIdsByKey = new Map<string, Set<number>>();
    const paymentsByKey = new Map<string, string[]>();
    for (const payment of payments) {
      if (!payment.idempotency_key) continue;
      const key = payment.idempotency_key;
      paymentsByKey.set(key, [...(paymentsByKey.get(key) ?? []), payment.status]);
      if (payment.order_id !== null) {
        const ids = orderIdsByKey.get(key) ?? new Set<number>();
        ids.add(Number(payment.order_id));
        orderIdsByKey.set(key, ids);
      }
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
      const got = linesByOrder.get(Number(order.id)) ?? new Map<string, number>();
      const asked = new Map(ack.items.map((item) => [item.productId, item.quantity]));
      const same =
        got.size === asked.size && [...asked].every(([id, quantity]) => got.get(id) === quantity);
      if (!same) missing.push(`${ack.orderNumber}: lines differ from the request`);
    }
    add(
      "every 201 orderNumber is in orders, with the acknowledged total and lines",
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

    // 7. Replays gave the first answer again.
    const badReplays = ledger.replays.filter((replay) => !replay.same);
    add(
      "idempotent replays returned the same answer (same orderNumber for 201s)",
      badReplays.map((replay) => replay.detail),
      `${ledger.replays.length} replays, ${ledger.replays.filter((r) => r.status === 201).length} of placed orders`,
    );

    // 8. Declined payments made no order and took no stock (stock: by check 1, since only order
    //    lines take stock) and were recorded as failed payments.
    const keyState = new Map(keys.map((row) => [row.key, row]));
    const declinedProblems: string[] = [];
    for (const { key } of ledger.declined) {
      if (orderIdsByKey.has(key)) declinedProblems.push(`${key}: has an order`);
      const statuses = paymentsByKey.get(key) ?? [];
      if (statuses.length !== 1 || statuses[0] !== "failed")
        declinedProblems.push(`${key}: payments ${statuses.join(",") || "none"}`);
      const state = keyState.get(`checkout:${key}`);
      if (state?.response_status !== 402)
        declinedProblems.push(`${key}: key stored ${state?.response_status ?? "nothing"}`);
    }
    add(
      "declined payments (402) created no order and took no stock",
      [...declinedProblems, ...ledger.paymentSurprises],
      `${ledger.declined.length} declined, none with an order`,
    );

    // 9. Out-of-stock answers made no order; a payment taken first was refunded.
    const oosProblems: string[] = [];
    let refunded = 0;
    for (const { key } of ledger.outOfStock) {
      if (orderIdsByKey.has(key)) oosProblems.push(`${key}: has an order`);
      const statuses = paymentsByKey.get(key) ?? [];
      if (statuses.includes("refunded")) refunded++;
      if (statuses.some((status) => status === "paid" || status === "pending"))
        oosProblems.push(`${key}: payments ${statuses.join(",")}`);
    }
    add(
      "out-of-stock answers (409) created no order; charges taken were refunded",
      oosProblems,
      `${ledger.outOfStock.length} out of stock, ${refunded} of them refunded after the charge`,
    );

    // 10. Every key ended: none left 'processing'.
    const stuck = keys.filter((row) => row.state !== "completed");
    add(
      "every idempotency key completed",
      stuck.map((row) => `${row.key} ${row.state}`),
      `${keys.length} keys, all completed`,
    );

    // 11. Each order has its confirmation mail, written in its own transaction.
    const mailCount = mail.reduce((sum, row) => sum + Number(row.n), 0);
    add(
      "one confirmation mail per order in the outbox",
      mailCount === orders.length ? [] : [`${mailCount} mails for ${orders.length} orders`],
      `${mailCount} mails (${mail.map((row) => `${row.n} ${row.status}`).join(", ")})`,
    );

    // 12. No 5xx or lost answers.
    add(
      "no 5xx and no network errors",
      ledger.unknown.map((key) => `${key}: no usable answer`),
      "none",
    );

    return {
      checks,
      facts: {
        orders: orders.length,
        unitsSold: totalSold,
        scarceSold,
        scarceLeft,
        refunds: payments.filter((row) => row.status === "refunded").length,
        mailPending: mail.find((row) => row.status === "pending")?.n ?? 0,
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
// One database: prepare, serve, load, profile, stop, check.

type Profile = {
  cpu: string;
  cpuProfileFile: string;
  /** The worker threads' profiles (on PGlite, the database's thread). */
  threads: { cpu: string; cpuProfileFile: string }[];
  underLoad: StepSummary;
  oneBuyer: StepSummary;
};

type DatabaseResult = {
  kind: Kind;
  label: string;
  loadAverageBefore: number[];
  loadAverageAfter: number[];
  measured: {
    seconds: number;
    ordersPerSec: number;
    requestsPerSec: number;
    requests: number;
    newOrders: number;
    p50Ms: number;
    p90Ms: number;
    p99Ms: number;
    maxMs: number;
    statuses: Record<string, number>;
    counts: {
      created: number;
      declined: number;
      outOfStock: number;
      replays: number;
      other: number;
      failures: number;
    };
    serverCpuPct: number | null;
    postgresCpuPct: number | null;
    loadGeneratorCpuPct: number;
    machineBusyPct: number | null;
    /** CPU per new order (all the run's work: declines, replays, mail worker included). */
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
  warmup: { seconds: number; requests: number; newOrders: number };
  targets: { name: string; target: string; value: number; pass: boolean }[];
  invariants: Check[];
  facts: Record<string, number>;
  profile?: Profile;
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

function summarisePhase(phase: Phase) {
  const sorted = [...phase.latencies].sort((a, b) => a - b);
  const count = (test: (label: string) => boolean) =>
    [...phase.statuses].filter(([label]) => test(label)).reduce((sum, [, n]) => sum + n, 0);
  const created = count((label) => label === "201");
  const declined = count((label) => label.startsWith("402") && !label.includes("replay"));
  const outOfStock = count(
    (label) => label.startsWith("409 OUT_OF_STOCK") && !label.includes("replay"),
  );
  const replays = count((label) => label.includes("replay"));
  const failures = count((label) => label === "network error" || /^5\d\d/.test(label));
  return {
    seconds: round(phase.wallSeconds, 2),
    ordersPerSec: round(phase.newOrders / phase.wallSeconds),
    requestsPerSec: round(phase.requests / phase.wallSeconds),
    requests: phase.requests,
    newOrders: phase.newOrders,
    p50Ms: round(percentile(sorted, 0.5)),
    p90Ms: round(percentile(sorted, 0.9)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
    statuses: Object.fromEntries([...phase.statuses].sort((a, b) => b[1] - a[1])),
    counts: {
      created,
      declined,
      outOfStock,
      replays,
      failures,
      other: phase.requests - created - declined - outOfStock - replays - failures,
    },
  };
}

async function runDatabase(kind: Kind): Promise<DatabaseResult> {
  const loadAverageBefore = loadAverage();
  console.log(`\n== ${kind} == load average ${loadAverageBefore.join(" / ")}`);
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
    log(`warm-up: ${warm.requests} requests, ${warm.newOrders} orders in ${warmup} s`);

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
      seconds === undefined || phase.newOrders === 0
        ? null
        : round((seconds * 1000) / phase.newOrders, 2);
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
    log(
      `measured: ${measured.ordersPerSec} orders/s (${measured.requestsPerSec} requests/s), p50 ${measured.p50Ms} ms, p99 ${measured.p99Ms} ms; server CPU ${measured.serverCpuPct}%${kind === "postgres" ? `, postgres CPU ${measured.postgresCpuPct}%` : ""}, load generator CPU ${measured.loadGeneratorCpuPct}%, machine busy ${measured.machineBusyPct}%`,
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
        target: `>= ${TARGETS[kind]} orders/s`,
        value: measured.ordersPerSec,
        pass: measured.ordersPerSec >= TARGETS[kind],
      },
      {
        name: "latency",
        target: `p99 < ${TARGET_P99_MS} ms`,
        value: measured.p99Ms,
        pass: measured.p99Ms < TARGET_P99_MS,
      },
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
      label: prepared.label,
      loadAverageBefore,
      loadAverageAfter: loadAverage(),
      measured,
      warmup: { seconds: warmup, requests: warm.requests, newOrders: warm.newOrders },
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

/** Where a checkout request's time goes: a CPU profile under load, then step traces. */
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
  await run.run("trace under load", profileSeconds, buyers);
  const loaded = (await server.ask("trace:stop", "trace:stopped")) as unknown as Traced;

  const oneBuyerSeconds = Math.max(2, Math.round(profileSeconds / 2));
  log(`profiling: step trace, one buyer (${oneBuyerSeconds} s)...`);
  await server.ask("trace:start", "trace:started");
  await run.run("trace one buyer", oneBuyerSeconds, 1);
  const single = (await server.ask("trace:stop", "trace:stopped")) as unknown as Traced;

  const profile = {
    cpu,
    cpuProfileFile: kept,
    threads,
    underLoad: summariseSteps(loaded.traces, loaded.unattributed, loaded.seconds),
    oneBuyer: summariseSteps(single.traces, single.unattributed, single.seconds),
  };
  console.log(stepTableText(profile));
  console.log(
    `statements per placed order:\n${textTable(STATEMENT_HEADER, statementRows(profile))}`,
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

const STEP_HEADER = ["step", "1 buyer ms", "share", `${buyers} buyers ms`, "share"];

function stepTableText(profile: Profile): string {
  return `mean per placed order, server side (1 buyer: ${profile.oneBuyer.orders} orders; ${buyers} buyers: ${profile.underLoad.orders} orders):\n${textTable(STEP_HEADER, stepRows(profile))}`;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const loadAverageStart = loadAverage();
  console.log(
    `bench:checkout — POST /api/orders, ${buyers} buyers for ${duration} s (after ${warmup} s warm-up) on ${databases.join(" and ")}; load average at start ${loadAverageStart.join(" / ")} (${os.cpus().length} CPUs)`,
  );
  if (!testDatabaseUrl) console.log("TEST_DATABASE_URL is not set: PostgreSQL is skipped");

  const results: DatabaseResult[] = [];
  for (const kind of databases) results.push(await runDatabase(kind));
  const loadAverageEnd = loadAverage();

  const header = [
    "database",
    "orders/s",
    "req/s",
    "p50 ms",
    "p99 ms",
    "max ms",
    "201",
    "402",
    "409 stock",
    "replays",
    "other",
    "5xx/net",
    "server CPU",
    "busiest thread",
    "pg CPU",
    "machine busy",
    "CPU ms/order",
    "CPU-bound est.",
  ];
  const rowsOut = results.map((result) => {
    const m = result.measured;
    return [
      result.kind,
      m.ordersPerSec.toFixed(1),
      m.requestsPerSec.toFixed(1),
      m.p50Ms,
      m.p99Ms,
      m.maxMs,
      m.counts.created,
      m.counts.declined,
      m.counts.outOfStock,
      m.counts.replays,
      m.counts.other,
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
  console.log(`\n${textTable(header, rowsOut)}`);
  for (const result of results) {
    for (const target of result.targets)
      console.log(
        `${target.pass ? "PASS" : "MISS"}  ${result.kind} ${target.name} ${target.target}: ${target.value}`,
      );
  }
  const invariantsPassed = results.every((result) => result.invariants.every((c) => c.pass));
  for (const result of results) {
    const failed = result.invariants.filter((check) => !check.pass);
    console.log(
      `${failed.length === 0 ? "PASS" : "FAIL"}  ${result.kind} invariants: ${result.invariants.length - failed.length}/${result.invariants.length} hold${failed.length ? ` — failed: ${failed.map((check) => check.name).join("; ")}` : ""}`,
    );
  }
  console.log(`load average at end ${loadAverageEnd.join(" / ")}`);

  const environment = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    loadAverageStart,
    loadAverageEnd,
  };
  const report = {
    benchmark: "checkout",
    ...environment,
    endpoint: "POST /api/orders",
    settings: {
      buyers,
      durationSeconds: duration,
      warmupSeconds: warmup,
      plentifulStock: PLENTIFUL_STOCK,
      scarceStock: SCARCE_STOCK,
      scarceShare: SCARCE_SHARE,
      replayShare: REPLAY_SHARE,
      ordersPerShopper: ORDERS_PER_SHOPPER,
      paymentMix: { cash: 0.35, card: 0.3, upiApproved: 0.3, upiDeclined: 0.05 },
      databases,
    },
    targets: { ordersPerSec: TARGETS, p99Ms: TARGET_P99_MS },
    results: results.map(({ profile, ...rest }) =>
      profile
        ? {
            ...rest,
            profile: {
              cpuProfileFile: profile.cpuProfileFile,
              threadProfileFiles: profile.threads.map((thread) => thread.cpuProfileFile),
              underLoad: profile.underLoad,
              oneBuyer: profile.oneBuyer,
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
  await writeFile(path.join(resultsDir, "checkout.md"), markdown(report, results, header, rowsOut));
  console.log(
    `\nwrote bench/results/checkout.json and bench/results/checkout.md (${report.elapsedSeconds} s)`,
  );
  if (!invariantsPassed) process.exitCode = 1;
}

function markdown(
  report: {
    date: string;
    node: string;
    cpus: number;
    cpuModel: string;
    loadAverageStart: number[];
    loadAverageEnd: number[];
  },
  results: DatabaseResult[],
  header: string[],
  rowsOut: (string | number)[][],
): string {
  const lines = [
    "# Checkout benchmark: POST /api/orders",
    "",
    `${report.date} · Node ${report.node} · ${report.cpus} CPUs (${report.cpuModel}) · load average ${report.loadAverageStart.join(" / ")} at the start, ${report.loadAverageEnd.join(" / ")} at the end`,
    "",
    `${buyers} buyers, each with one order in flight, for ${duration} s after a ${warmup} s warm-up, against the store as \`src/server/main.ts\` runs it (NODE_ENV=production, LOG_LEVEL=warn, mail worker on, TRUST_PROXY=1) in its own process. Each simulated shopper has its own X-Forwarded-For address and cookie and places ${ORDERS_PER_SHOPPER.min}-${ORDERS_PER_SHOPPER.max} orders (under the 30/min limit) in at most ${MAILS_PER_RECIPIENT_PER_HOUR} checkout attempts (the store mails one address at most ${MAILS_PER_RECIPIENT_PER_HOUR} times an hour), at most 3 of them open cash orders (the store's limit per phone), before the next shopper takes the slot. An order is 1-4 products × 1-3; ${SCARCE_SHARE * 100}% include the one scarce product (stock ${SCARCE_STOCK}; every other product ${PLENTIFUL_STOCK}); payment 35% cash, 30% card 4111…, 30% UPI success@upi, 5% UPI failure@upi (declined); a shopper told an item ran out drops it and tries again once; ${REPLAY_SHARE * 100}% of answers are followed by a replay of the same key and body. orders/s counts new orders (201s, not replays) per second; latencies are of every checkout request, replays included, measured by the load generator. "server CPU" is the server process's CPU as % of one core, "pg CPU" that of every postgres process on the machine, "machine busy" all processes' (other users' too) as % of all cores. "CPU ms/order" is server (+ PostgreSQL) CPU per new order, all the run's work included (declines, replays, the mail worker): it depends little on how busy the machine is. "busiest thread" is the server thread that used the most CPU, as % of one core (on PGlite the database's own thread, "main" when it is the thread that serves HTTP). "CPU-bound est." is what that CPU per order would allow on this machine with nobody else on it (the busiest thread at one core at most; the server and PostgreSQL within two cores): a ceiling, not a measurement.`,
    "",
    mdTable(header, rowsOut),
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
    lines.push(
      `## ${result.kind}`,
      "",
      `${result.label}. Load average ${result.loadAverageBefore.join(" / ")} before, ${result.loadAverageAfter.join(" / ")} after. Warm-up: ${result.warmup.requests} requests, ${result.warmup.newOrders} orders.`,
      "",
      `Measured ${m.seconds} s: ${m.requests} requests, ${m.newOrders} new orders; latency p50 ${m.p50Ms} ms, p90 ${m.p90Ms} ms, p99 ${m.p99Ms} ms, max ${m.maxMs} ms. Server process CPU ${m.serverCpuPct ?? "?"}% of one core${result.kind === "postgres" ? `, PostgreSQL processes ${m.postgresCpuPct ?? "?"}%` : ""}, load generator ${m.loadGeneratorCpuPct}%, whole machine ${m.machineBusyPct ?? "?"}% busy (all processes, other users included). CPU per new order: server ${m.serverCpuMsPerOrder ?? "?"} ms${result.kind === "postgres" ? `, PostgreSQL ${m.postgresCpuMsPerOrder ?? "?"} ms` : ""}. Busiest server thread: ${m.busiestThread ? `${m.busiestThread.main ? "the main thread" : "not the main thread"}, ${m.busiestThread.cpuPct}% of one core, ${m.busiestThread.cpuMsPerOrder} ms per order` : "?"}.`,
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
        `### Where a checkout's time goes (${result.kind})`,
        "",
        `Step traces from the server process (bench/support/step-trace.ts): every statement timed at the driver, the JavaScript between statements given to its step. Mean per placed order (201s), from the request's arrival to the end of the answer; with one buyer this is the service time, with ${buyers} it includes waiting (for PGlite's thread, which runs one statement at a time, for a pooled PostgreSQL connection, for row locks).`,
        "",
        mdTable(STEP_HEADER, stepRows(result.profile)),
        "",
        "Statements and waits behind those steps, per placed order (the mail worker's too; with one buyer it may still be clearing mail queued under load):",
        "",
        mdTable(STATEMENT_HEADER, statementRows(result.profile)),
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
