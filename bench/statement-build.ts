// `npx tsx bench/statement-build.ts`: what the store's CPU spends making its hot statements, kept
// (each call only works out its values) against made anew from the `sql` templates (as every call
// did before). Rounds alternate A-B-A in one process, so the machine's noise hits both alike.
// No database: only the server's side of a statement is measured.
//
// Options: --calls N (2000 per side per round) --rounds N (5) --lines N (3)
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Database } from "../src/server/db/client.ts";
import * as schema from "../src/server/db/schema/index.ts";
import type { BoundStatement } from "../src/server/db/statement-once.ts";
import { orderPaidStatement } from "../src/server/modules/checkout/order-payment.ts";
import { completionQuery, heldByThisInstance } from "../src/server/modules/idempotency/index.ts";
import { letterMail, outboxRow } from "../src/server/modules/mail/index.ts";
import { type OrderWrite, orderStatement } from "../src/server/modules/orders/write-order.ts";

const { values: flags } = parseArgs({
  options: {
    calls: { type: "string", default: "2000" },
    rounds: { type: "string", default: "5" },
    lines: { type: "string", default: "3" },
  },
});
const calls = Number(flags.calls);
const rounds = Number(flags.rounds);
const lineCount = Number(flags.lines);

// Only to build the key's completion (a query builder); nothing is sent anywhere.
const db = drizzle.mock({ schema }) as unknown as Database;
const key = "bench-key";
const answer = { status: 201, body: { orderNumber: "FH-BENCH", lines: lineCount } };
/** A cash order as checkout writes it: its key's guard and completion, its mail. */
const cashOrder = (at: number): OrderWrite => ({
  order: {
    orderNumber: `FH-${at}`,
    status: "placed",
    paymentStatus: "pending",
    paymentMethod: "cash",
    firstName: "Asha",
    lastName: "Das",
    email: "asha@example.in",
    phone: "9876543210",
    address: "12 Janpath",
    city: "Bhubaneswar",
    state: "Odisha",
    pincode: "751007",
    notes: "",
    subtotalPaise: 12000,
    gstPaise: 600,
    deliveryFeePaise: 4000,
    totalPaise: 16600,
    browserKeyHash: "b".repeat(64),
    customerId: null,
    placedAt: new Date(),
    networkKey: "203.0.113.0/24",
  },
  lines: Array.from({ length: lineCount }, (_, line) => ({
    productId: `product-${line}`,
    name: `Product ${line}`,
    unit: "each",
    hsnCode: "0709",
    unitPricePaise: 4000,
    quantity: 1 + line,
    gstRateBps: 500,
    taxablePaise: 4000,
    gstPaise: 200,
  })),
  payment: {
    method: "cash",
    status: "pending",
    amountPaise: 16600,
    gateway: "cash",
    transactionId: null,
    instrumentSummary: "Cash on delivery",
    idempotencyKey: key,
    providerOrderId: null,
  },
  mail: outboxRow({
    to: "asha@example.in",
    ...letterMail({ subject: "Your order", title: "Thank you", paragraphs: ["Placed."] }),
  }),
  alsoWhenPlaced: (placed) => completionQuery(db, "checkout", key, answer, placed).getSQL(),
  openCashLimit: { perShopper: 3, perNetwork: 20 },
  onlyWhile: heldByThisInstance("checkout", key),
});
const paidOrder = (at: number) => ({
  order: { id: at, orderNumber: `FH-${at}` },
  placedAt: new Date(),
  paymentId: at,
  captured: { transactionId: `pay_${at}`, summary: "Visa ending 1111" },
  mail: outboxRow({
    to: "asha@example.in",
    ...letterMail({ subject: "Paid", title: "Paid", paragraphs: ["Paid."] }),
  }),
});

/** Microseconds per call. */
function perCall(make: (at: number) => BoundStatement): number {
  const started = process.hrtime.bigint();
  for (let at = 0; at < calls; at++) make(at);
  return Number(process.hrtime.bigint() - started) / 1000 / calls;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const statements = [
  {
    what: `order (${lineCount} lines, cash)`,
    kept: (at: number) => orderStatement.bound(cashOrder(at)),
    anew: (at: number) => orderStatement.madeAnew(cashOrder(at)),
  },
  {
    what: "online payment taken",
    kept: (at: number) => orderPaidStatement.bound(paidOrder(at)),
    anew: (at: number) => orderPaidStatement.madeAnew(paidOrder(at)),
  },
];

for (const statement of statements) {
  const kept: number[] = [];
  const anew: number[] = [];
  // Warm both paths (the JIT, the kept shape) before measuring.
  perCall(statement.kept);
  perCall(statement.anew);
  for (let round = 0; round < rounds; round++) {
    anew.push(perCall(statement.anew));
    kept.push(perCall(statement.kept));
    anew.push(perCall(statement.anew));
  }
  const ratio = median(kept) / median(anew);
  console.log(
    `${statement.what}: made anew ${median(anew).toFixed(1)} µs, kept ${median(kept).toFixed(1)} µs; ` +
      `statement build, kept vs made anew: ${ratio.toFixed(2)}`,
  );
}
