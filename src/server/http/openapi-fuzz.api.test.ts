import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../shared/contracts/errors.ts";
import { addDays, shopDate } from "../../shared/rules/bulk-delivery-date.ts";
import type { StoreApp } from "../app.ts";
import { type Database, rowsOf } from "../db/client.ts";
import { freshAddress, TEST_ORIGIN } from "../testing/customers.ts";
import {
  CALLERS,
  type Caller,
  FUZZ_PASSWORD,
  type FuzzTargets,
  makeFuzzTargets,
  refreshFuzzTargets,
} from "../testing/fuzz-targets.ts";
import {
  type FuzzRequest,
  type Hints,
  type Operation,
  operationsOf,
  requestTo,
} from "../testing/openapi-fuzz.ts";
import { testDatabaseKinds, useTestApp } from "../testing/test-app.ts";

// A failure names its operation and prints fast-check's seed and path and the request it shrank
// to: FUZZ_OPERATION="<METHOD /path>" FUZZ_SEED=<seed> FUZZ_PATH=<path> replays exactly that one.
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/** Requests over the whole document, shared out by operation: a body takes 3 shares, others 1. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const ONLY = process.env.FUZZ_OPERATION;
/** However small FUZZ_RUNS is, each operation gets a few requests. */
const MIN_RUNS = 4;

/** Operations not fuzzed, with why: each must still be in the document. */
const EXCLUDED: Record<string, string> = {
  "GET /api/staff/events":
    "a live stream that stays open for a signed-in member; staff-events.api.test.ts covers it",
  "GET /api/orders/{orderNumber}/events":
    "a live stream that stays open for the order's browser; order-tracking.api.test.ts covers it",
};

type Area = {
  name: string;
  /** "METHOD /path" of the operations in the area. */
  routes: RegExp;
  /** Who may call them: the fuzz sends their sessions, now and then someone else's. */
  callers: Caller[];
  /** Routes that end the caller's session or account: only their own caller, never another. */
  ownCallersOnly?: boolean;
};

/** Every operation belongs to the first area whose routes match it. */
const AREAS: Area[] = [
  {
    name: "the inventory dashboard",
    routes: /^\S+ \/api\/staff\/inventory\//,
    callers: ["inventory"],
  },
  { name: "the sales dashboard", routes: /^\S+ \/api\/staff\/sales\//, callers: ["sales"] },
  {
    name: "the customer relations dashboard",
    routes: /^\S+ \/api\/staff\/customer-relations\//,
    callers: ["relations"],
  },
  {
    name: "what every member sees",
    routes: /^GET \/api\/staff\/(me|sign-in-warnings|alerts)$/,
    callers: ["inventory", "sales", "relations"],
  },
  {
    // Signed out: a member's session sent here could be signed out or enrolled again.
    name: "the staff sign-in",
    routes: /^\S+ \/api\/staff\/auth\//,
    callers: ["guest"],
    ownCallersOnly: true,
  },
  {
    // Signed out, for the same reason: Better Auth's endpoints include signing out.
    name: "the customers' sign-in",
    routes: /^\S+ \/api\/auth\//,
    callers: ["guest"],
    ownCallersOnly: true,
  },
  {
    // A customer of their own, whose account may go: the one with the orders must stay.
    name: "deleting an account",
    routes: /^POST \/api\/account\/(delete|deletion-code)$/,
    callers: ["leaving"],
    ownCallersOnly: true,
  },
  {
    name: "a customer's account, addresses, cart, orders and tickets",
    routes: /^(\S+ \/api\/(account|cart)(\/|$)|GET \/api\/(orders|support\/my-tickets)$)/,
    callers: ["customer"],
  },
  {
    name: "order tracking, payment, documents and rating",
    routes: /^\S+ \/api\/orders\/\{orderNumber\}/,
    callers: ["customer", "browser"],
  },
  {
    name: "the shop's public routes",
    routes:
      /^(POST \/api\/orders|\S+ \/api\/(products|categories|site|health|feedback|support\/tickets|bulk-orders|test-provider|payments\/webhook|dev\/mailbox)(\/|$)|GET \/photos\/)/,
    callers: ["guest", "browser", "customer"],
  },
];

type Answer = Awaited<ReturnType<StoreApp["inject"]>>;

const keyOf = (operation: Operation) => `${operation.method} ${operation.path}`;
const areaOf = (operation: Operation) => AREAS.find((area) => area.routes.test(keyOf(operation)));

const count = async (ctx: { database: { db: Database } }, query: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await ctx.database.db.execute(query))[0]!.n;

/** A 1x1 PNG: a photo the inventory's upload takes. */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);

/** What a spreadsheet may hold where the export wrote a price, a rate, a count or a name. */
const CSV_CELLS = fc.constantFrom(
  "2147483648",
  "-1",
  "1e400",
  "0.001",
  "99999999.99",
  "",
  "5%",
  "101%",
  "0000-01-01",
  "x".repeat(300),
  '"',
  "=1+1",
  "NaN",
);

/** A CSV with one cell of one data row replaced (cells split at commas, as a careless tool would). */
function withCell(csv: string, row: number, cell: number, value: string) {
  const lines = csv.split("\r\n");
  if (lines.length < 2) return csv;
  const at = 1 + (row % (lines.length - 1));
  const cells = lines[at]!.split(",");
  cells[cell % cells.length] = value;
  lines[at] = cells.join(",");
  return lines.join("\r\n");
}

/** Values that exist, by field or parameter name, so requests reach past the lookups. */
function hintsFor(targets: FuzzTargets): Hints {
  const today = shopDate(new Date());
  return {
    email: fc.oneof(
      fc.nat(9_999).map((n) => `fuzz${n}@example.in`),
      fc.constant(targets.leavingEmail),
    ),
    phone: fc.constantFrom("9876543210", "+91 98765 43210"),
    pincode: fc.constantFrom("751007", "110001"),
    productId: fc.constantFrom(...targets.productIds, "no-such-thing"),
    index: fc.constantFrom("0", "1"),
    quantity: fc.integer({ min: 1, max: 3 }),
    upiApp: fc.constantFrom("gpay", "phonepe", "other"),
    deliveryDate: fc.constant(addDays(today, 5)),
    termsAccepted: fc.constant(true),
    website: fc.constantFrom("", "http://spam.example"),
    orderNumber: fc.constantFrom(...targets.orderNumbers, "FHH-000001"),
    ticketId: fc.constantFrom(...targets.bulkTickets, "BOR-000000-0000"),
    reference: fc.constantFrom(...targets.ticketReferences, "SUP-000000"),
    noteId: fc.constantFrom(...targets.creditNotes, "FCN-26-27-000001"),
    providerOrderId: fc.constantFrom(...targets.providerOrderIds, "order_none"),
    token: fc.constantFrom(...targets.tokens, targets.csvToken),
    // Records start at version 1 and the fuzz's own changes move them on.
    version: fc.integer({ min: 1, max: 8 }),
    hsnCode: fc.constantFrom("0702", "08045020", "040590"),
    gstRateBps: fc.constantFrom(0, 500),
    harvestedOn: fc.nat(3).map((days) => addDays(today, -days)),
    mobile: fc.constantFrom("9876543210", ""),
    newPassword: fc.constantFrom(FUZZ_PASSWORD, "another long password"),
    // The catalogue's own export, or with one cell of a row replaced.
    csv: fc.oneof(
      fc.constant(targets.catalogueCsv),
      fc
        .tuple(fc.nat(), fc.nat(), CSV_CELLS)
        .map(([row, cell, value]) => withCell(targets.catalogueCsv, row, cell, value)),
    ),
    "*": fc.constantFrom("get-session", "sign-out", "list-sessions", "update-user", "nothing"),
    "idempotency-key": fc.nat(99).map((n) => `fuzz-key-${n}`),
    password: fc.constantFrom(FUZZ_PASSWORD, "short"),
    otp: fc.constantFrom("123456", "12"),
  };
}

/** An operation's `id`: whatever its path names by that word. */
function idsFor(path: string, targets: FuzzTargets): fc.Arbitrary<unknown> {
  // Rows that exist now, the next ones, and none.
  const rows = (ids: number[]) => {
    const last = Math.max(0, ...ids);
    return fc.constantFrom(...ids, last + 1, 2_147_483_647);
  };
  if (path.startsWith("/api/account/addresses")) return rows(targets.addressIds);
  if (path.startsWith("/api/account/sessions"))
    return fc.constantFrom(...targets.otherSessionIds, "no-such-session");
  if (path.includes("/feedback/")) return rows(targets.feedbackIds);
  if (path.startsWith("/api/dev/mailbox")) return rows(targets.mailIds);
  return fc.constantFrom(...targets.productIds, "no-such-thing");
}

/** What a POST the document gives no JSON body takes: Better Auth's forms, a photo's bytes. */
function undocumentedBodyOf(operation: Operation, hints: Hints): fc.Arbitrary<unknown> {
  if (operation.path.endsWith("/photo")) {
    return fc.oneof(fc.constant(PNG), fc.uint8Array({ maxLength: 64 }));
  }
  return fc.record(
    {
      email: hints.email!,
      password: hints.password!,
      name: fc.string({ maxLength: 20 }),
      otp: hints.otp!,
      // Nobody's: a member's real username would count towards their sign-in limits.
      username: fc.constantFrom("fuzz-member", ""),
      code: hints.otp!,
    },
    { requiredKeys: [] },
  );
}

function runsOf(operation: Operation, operations: Operation[]) {
  const weight = (candidate: Operation) => (candidate.body ? 3 : 1);
  const total = operations.reduce((sum, candidate) => sum + weight(candidate), 0);
  return Math.max(MIN_RUNS, Math.round((RUNS * weight(operation)) / total));
}

describe.each(testDatabaseKinds)("every operation in the API document, fuzzed, on %s", (kind) => {
  const ctx = useTestApp(kind);
  let operations: Operation[] = [];
  let targets: FuzzTargets;
  const before = { tickets: 0, bulk: 0, feedback: 0, orders: 0 };
  const kept = { tickets: 0, bulk: 0, feedback: 0 };
  const orderNumbers = new Set<string>();

  beforeAll(async () => {
    const document = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    operations = operationsOf(document);
    targets = await makeFuzzTargets(ctx);
    before.tickets = await count(ctx, sql`select count(*)::int as n from support_tickets`);
    before.bulk = await count(ctx, sql`select count(*)::int as n from bulk_orders`);
    before.feedback = await count(ctx, sql`select count(*)::int as n from feedback`);
    before.orders = await count(ctx, sql`select count(*)::int as n from orders`);
  }, 120_000);

  it("fuzzes every operation in the document but the ones excluded with a reason", () => {
    expect(operations.length).toBeGreaterThan(100);
    const keys = operations.map(keyOf);
    const neither = operations.filter(
      (operation) => !EXCLUDED[keyOf(operation)] && !areaOf(operation),
    );
    expect(neither.map(keyOf), "add each to an area, or exclude it with a reason").toEqual([]);
    expect(Object.keys(EXCLUDED).filter((key) => !keys.includes(key))).toEqual([]);
    for (const area of AREAS) {
      expect(operations.some((operation) => areaOf(operation) === area)).toBe(true);
    }
  });

  /** Sends each operation of the area its share of fuzzed requests; none may answer 5xx. */
  async function fuzzArea(area: Area) {
    const { app } = ctx;
    const mine = operations.filter(
      (operation) =>
        !EXCLUDED[keyOf(operation)] &&
        areaOf(operation) === area &&
        (!ONLY || keyOf(operation) === ONLY),
    );
    const strangers = CALLERS.filter((caller) => !area.callers.includes(caller));
    const caller = fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom(...area.callers) },
      {
        weight: area.ownCallersOnly ? 0 : 1,
        arbitrary: fc.constantFrom(...strangers),
      },
    );
    /** Operations whose own callers got past the guards at least once. */
    const reached = new Set<string>();
    let succeeded = 0;

    for (const operation of mine) {
      const key = keyOf(operation);
      await refreshFuzzTargets(ctx, targets);
      const operationHints: Hints = { ...hintsFor(targets), id: idsFor(operation.path, targets) };
      // Applying a CSV takes the token of its preview.
      if (operation.path.endsWith("/import/apply")) {
        operationHints.token = fc.constant(targets.csvToken);
      }
      // A report's days (a move's "to" is its next state, not a day).
      if (operation.method === "GET") {
        const today = shopDate(new Date());
        operationHints.from = fc.nat(30).map((days) => addDays(today, -days));
        operationHints.to = fc.constant(today);
      }
      const request = fc.tuple(
        requestTo(operation, operationHints, undocumentedBodyOf(operation, operationHints)),
        caller,
        // Now and then the same request twice at once, as a double click or a retry sends it.
        fc.oneof(
          { weight: 4, arbitrary: fc.constant(1) },
          { weight: 1, arbitrary: fc.constant(2) },
        ),
      );
      const send = (sent: FuzzRequest, cookie: string | undefined) =>
        app.inject({
          method: sent.method as "GET",
          url: sent.url,
          headers: { origin: TEST_ORIGIN, ...sent.headers, ...(cookie && { cookie }) },
          ...(sent.body !== undefined && { payload: Buffer.from(sent.body) }),
          remoteAddress: freshAddress(),
        });
      /** Checks one answer and counts what it kept. */
      const answered = (sent: FuzzRequest, who: Caller, shown: string, response: Answer) => {
        const status = response.statusCode;
        expect(status, shown).toBeLessThan(500);
        if (status >= 400) {
          const body = JSON.parse(response.body);
          expect(body.message, shown).toEqual(expect.any(String));
          expect(body.message.length).toBeGreaterThan(0);
          // Better Auth's own refusals (customers' and staff's) carry its codes, which the sign-in pages read.
          if (!/^\/api\/(staff\/)?auth\//.test(sent.url))
            expect(ERROR_CODES, shown).toContain(body.code);
        }
        if (area.callers.includes(who) && status !== 401 && status !== 403) reached.add(key);
        if (status < 300) succeeded++;
        if (status !== 201) return;
        const route = `${sent.method} ${sent.url.split("?")[0]}`;
        const stored = () => sent.body !== undefined && !JSON.parse(String(sent.body)).website;
        if (route === "POST /api/orders") orderNumbers.add(response.json().orderNumber);
        if (route === "POST /api/support/tickets" && stored()) kept.tickets++;
        if (route === "POST /api/bulk-orders" && stored()) kept.bulk++;
        // Answering feedback or a low rating opens a conversation of the shop's own.
        if (
          /^POST \/api\/staff\/customer-relations\/(feedback\/[^/]+\/replies|ratings\/[^/]+\/follow-ups)$/.test(
            route,
          )
        ) {
          kept.tickets++;
        }
        if (route === "POST /api/feedback" && stored()) kept.feedback++;
      };
      const property = fc.asyncProperty(request, async ([sent, who, copies]) => {
        const cookie = targets.cookies[who];
        const responses = await Promise.all(
          Array.from({ length: copies }, () => send(sent, cookie)),
        );
        for (const response of responses) {
          const twice = copies > 1 ? ", twice at once" : "";
          answered(
            sent,
            who,
            `${sent.label} as ${who}${twice}\n${response.body.slice(0, 300)}`,
            response,
          );
        }
      });
      try {
        await fc.assert(property, {
          seed: SEED,
          numRuns: runsOf(operation, operations),
          ...(process.env.FUZZ_PATH && { path: process.env.FUZZ_PATH }),
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`${key} (replay with FUZZ_OPERATION="${key}")\n${message}`);
      }
    }

    // The sessions got the requests past the guards to the handlers, and some were carried out.
    if (!ONLY) {
      expect(mine.length).toBeGreaterThan(0);
      if (area.callers.every((who) => targets.cookies[who])) {
        expect(mine.map(keyOf).filter((key) => !reached.has(key))).toEqual([]);
      }
      // A session that may end its own account gets refused by its limits, and that is all.
      if (!area.ownCallersOnly) expect(succeeded).toBeGreaterThan(0);
    }
    // And every session the fuzz keeps still works for the areas after this one.
    for (const who of ["customer", "inventory", "sales", "relations"] as const) {
      const url = who === "customer" ? "/api/account/profile" : "/api/staff/me";
      const alive = await app.inject({
        method: "GET",
        url,
        headers: { cookie: targets.cookies[who]! },
      });
      expect(alive.statusCode, `${who}'s session after ${area.name}`).toBe(200);
    }
  }

  for (const area of AREAS) {
    it(
      `answers malformed requests to ${area.name} with a 4xx in the store's words`,
      () => fuzzArea(area),
      180_000,
    );
  }

  it("keeps no partial records after the fuzzing", async () => {
    expect(await count(ctx, sql`select count(*)::int as n from support_tickets`)).toBe(
      before.tickets + kept.tickets,
    );
    expect(await count(ctx, sql`select count(*)::int as n from bulk_orders`)).toBe(
      before.bulk + kept.bulk,
    );
    expect(await count(ctx, sql`select count(*)::int as n from feedback`)).toBe(
      before.feedback + kept.feedback,
    );
    expect(await count(ctx, sql`select count(*)::int as n from orders`)).toBe(
      before.orders + orderNumbers.size,
    );
    expect(
      await count(
        ctx,
        sql`select count(*)::int as n from orders o
              where not exists (select 1 from order_lines l where l.order_id = o.id)
                 or not exists (select 1 from payments p where p.order_id = o.id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        ctx,
        sql`select count(*)::int as n from idempotency_keys where state <> 'completed'`,
      ),
    ).toBe(0);
  });
});
