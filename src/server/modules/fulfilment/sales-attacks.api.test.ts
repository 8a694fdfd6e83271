// The sales manager's endpoints as an attacker sees them: every way around the staff guard, other
// browsers reading a shopper's GST documents, malformed and oversized bodies, replays and races
// between moves, forged search strings and cursors, and markup meant for the invoice, the credit
// note and the emails. Each test asserts the safe outcome.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import type { CheckoutSession } from "../../../shared/contracts/payments.ts";
import { type BoardPage, SALES_API, type SalesOrder } from "../../../shared/contracts/sales.ts";
import { rowsOf } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import {
  cookieOf,
  freshAddress,
  freshEmail,
  freshMobile,
  signUpCustomer,
  TEST_ORIGIN,
} from "../../testing/customers.ts";
import { productRow, testProduct } from "../../testing/inventory.ts";
import { drawnMails } from "../../testing/outbox-mail.ts";
import { spellingsOf } from "../../testing/path-spellings.ts";
import { payInCheckout, reportPayment } from "../../testing/payments.ts";
import { rawRequest } from "../../testing/raw-http.ts";
import { APPROVED_CARD, ledgerOf, placeTestOrder, salesManager } from "../../testing/sales.ts";
import { STAFF_SESSION_COOKIE, signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { createTestGateway } from "../payments/test-gateway.ts";

describe.each(testDatabaseKinds)("attacks on the sales endpoints on %s", (kind) => {
  const ctx = useTestApp(kind, {}, { gateway: createTestGateway() });
  let ids = 0;
  const freshProduct = async (
    stock: number,
    changes: { name?: string; gstRateBps?: number } = {},
  ) => {
    const id = `attack-${process.pid}-${++ids}`;
    await testProduct(ctx, id, stock);
    if (changes.name !== undefined || changes.gstRateBps !== undefined) {
      await ctx.database.db.execute(sql`
        update products set name = coalesce(${changes.name ?? null}, name),
          gst_rate_bps = coalesce(${changes.gstRateBps ?? null}::integer, gst_rate_bps)
        where id = ${id}`);
    }
    return id;
  };
  let manager: Awaited<ReturnType<typeof salesManager>>;

  /** The order as stored, whatever any answer said. */
  const stored = async (orderNumber: string) => {
    const [row] = rowsOf<{
      id: number;
      status: string;
      payment_status: string;
      total_paise: number;
      invoice_number: string | null;
    }>(
      await ctx.database.db.execute(sql`
        select id, status, payment_status, total_paise, invoice_number from orders
        where order_number = ${orderNumber}`),
    );
    if (!row) throw new Error(`no order ${orderNumber}`);
    return { ...row, total_paise: Number(row.total_paise) };
  };
  const refundsOf = async (orderNumber: string) =>
    rowsOf<{ amount_paise: number; reference: string }>(
      await ctx.database.db.execute(sql`
        select r.amount_paise, r.reference from refunds r join orders o on o.id = r.order_id
        where o.order_number = ${orderNumber} order by r.id`),
    ).map((row) => ({ ...row, amount_paise: Number(row.amount_paise) }));
  const creditNotesOf = async (orderNumber: string) =>
    rowsOf<{ number: string; total_paise: number }>(
      await ctx.database.db.execute(sql`
        select c.number, c.total_paise from credit_notes c join orders o on o.id = c.order_id
        where o.order_number = ${orderNumber} order by c.id`),
    ).map((row) => ({ ...row, total_paise: Number(row.total_paise) }));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

  let keys = 0;
  /** An order placed from a browser the test chooses (its cookie), with contact details of its own. */
  async function placeFrom(
    browserCookie: string | undefined,
    items: PlaceOrderInput["items"],
    overrides: { contact?: Partial<PlaceOrderInput["contact"]>; delivery?: object; notes?: string },
    payment: PlaceOrderInput["payment"] = { method: "cash" },
  ) {
    const order: PlaceOrderInput = {
      contact: {
        firstName: "Asha",
        lastName: "Das",
        email: freshEmail(),
        phone: freshMobile(),
        ...overrides.contact,
      },
      delivery: {
        address: "12 Janpath",
        city: "Bhubaneswar",
        state: "Odisha",
        pincode: "751007",
        ...overrides.delivery,
      },
      notes: overrides.notes ?? "",
      payment,
      items,
    };
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: order,
      headers: {
        origin: TEST_ORIGIN,
        "idempotency-key": `attack-${Date.now()}-${++keys}`,
        ...(browserCookie ? { cookie: browserCookie } : {}),
      },
      remoteAddress: freshAddress(),
    });
    if (response.statusCode !== 201) throw new Error(`not placed: ${response.body}`);
    const placed = response.json() as OrderView & { checkout?: CheckoutSession };
    if (!placed.checkout) return placed;
    // Paid in the provider's checkout, reported by the same browser.
    const cookie = browserCookie ?? cookieOf(response.headers["set-cookie"], "fhh_browser") ?? "";
    const proof = await payInCheckout(ctx.app, placed.checkout);
    const paid = await reportPayment(
      ctx.app,
      `/api/orders/${placed.orderNumber}/payment`,
      proof,
      cookie,
    );
    if (paid.statusCode !== 200) throw new Error(`not paid: ${paid.body}`);
    return paid.json() as OrderView;
  }

  beforeAll(async () => {
    manager = await salesManager(ctx.app);
  });

  it("refuses every sales route to no session, a customer, the other dashboards and a customer token in the staff cookie", async () => {
    const product = await freshProduct(20);
    const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    const customer = await signUpCustomer(ctx.app);
    const customerToken = customer.cookie.split("=").slice(1).join("=");
    const base = `${SALES_API}/orders/${order.orderNumber}`;
    const routes = [
      { method: "GET", url: `${SALES_API}/orders` },
      { method: "HEAD", url: `${SALES_API}/orders` },
      { method: "GET", url: base },
      { method: "HEAD", url: base },
      { method: "GET", url: `${SALES_API}/pick-list` },
      { method: "GET", url: `${SALES_API}/seller` },
      { method: "GET", url: `${base}/invoice` },
      { method: "GET", url: `${base}/invoice/pdf` },
      { method: "GET", url: `${base}/credit-notes/FCN-26-27-000001` },
      { method: "GET", url: `${base}/credit-notes/FCN-26-27-000001/pdf` },
      { method: "POST", url: `${base}/moves`, payload: { to: "confirmed" } },
      { method: "POST", url: `${base}/cancel`, payload: { reason: "customer_request" } },
    ] as const;
    const who: [string, string | undefined, number][] = [
      ["nobody", undefined, 401],
      ["customer", customer.cookie, 403],
      ["inventory", await signInStaff(ctx.app, "inventory"), 403],
      ["customer-relations", await signInStaff(ctx.app, "customer-relations"), 403],
      ["customer token as staff", `${STAFF_SESSION_COOKIE}=${customerToken}`, 401],
      ["forged staff token", `${STAFF_SESSION_COOKIE}=forged.signature`, 401],
    ];
    const failures: string[] = [];
    for (const route of routes) {
      for (const [name, cookie, status] of who) {
        const response = await ctx.app.inject({
          method: route.method,
          url: route.url,
          headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
          remoteAddress: freshAddress(),
          ...("payload" in route ? { payload: route.payload } : {}),
        });
        if (response.statusCode !== status) {
          failures.push(`${route.method} ${route.url} as ${name}: ${response.statusCode}`);
        }
        if (response.body.includes(order.email)) failures.push(`${route.url} leaked to ${name}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await stored(order.orderNumber)).status).toBe("placed");
  });

  it("lets no forged proxy, host or rewrite header stand in for a staff session", async () => {
    const product = await freshProduct(20);
    const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    const forgeries: Record<string, string>[] = [
      { "x-forwarded-for": "127.0.0.1" },
      { "x-real-ip": "127.0.0.1", "x-forwarded-host": "localhost:3000" },
      { host: "localhost:3000", "x-forwarded-proto": "https" },
      { host: "admin.internal" },
      { "x-original-url": `${SALES_API}/orders`, "x-rewrite-url": `${SALES_API}/orders` },
      { "x-staff-role": "sales", "x-user-role": "sales", "x-dashboard": "sales" },
      { authorization: "Bearer anything" },
    ];
    for (const headers of forgeries) {
      const cancel = await ctx.app.inject({
        method: "POST",
        url: `${SALES_API}/orders/${order.orderNumber}/cancel`,
        payload: { reason: "customer_request" },
        headers: { origin: TEST_ORIGIN, ...headers },
        remoteAddress: "127.0.0.1",
      });
      expect(cancel.statusCode, JSON.stringify(headers)).toBe(401);
      const board = await ctx.app.inject({
        method: "GET",
        url: `${SALES_API}/orders`,
        headers,
        remoteAddress: "127.0.0.1",
      });
      expect(board.statusCode, JSON.stringify(headers)).toBe(401);
    }
    // A rewrite header on a public path does not reach the board either.
    const rewritten = await ctx.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-original-url": `${SALES_API}/orders` },
    });
    expect(rewritten.body).not.toContain(order.orderNumber);
    expect((await stored(order.orderNumber)).status).toBe("placed");
  });

  it("refuses a cross-site move or cancel that carries the manager's own cookie", async () => {
    const product = await freshProduct(20);
    const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    const cookie = await signInStaff(ctx.app, "sales");
    const attempts: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "http://evil.example", host: "evil.example" },
      { origin: "http://localhost:3000.evil.example" },
      { "sec-fetch-site": "cross-site" },
      {},
    ];
    for (const headers of attempts) {
      for (const [path, payload] of [
        ["cancel", { reason: "customer_request" }],
        ["moves", { to: "confirmed" }],
      ] as const) {
        const response = await ctx.app.inject({
          method: "POST",
          url: `${SALES_API}/orders/${order.orderNumber}/${path}`,
          payload,
          headers: { cookie, ...headers },
          remoteAddress: freshAddress(),
        });
        expect(response.statusCode, `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect((await stored(order.orderNumber)).status).toBe("placed");
  });

  it("reaches no sales route through another spelling of its path", async () => {
    const product = await freshProduct(20);
    const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    const inventory = await signInStaff(ctx.app, "inventory");
    const customer = await signUpCustomer(ctx.app);
    const cancelPath = `${SALES_API}/orders/${order.orderNumber}/cancel`;
    const failures: string[] = [];
    for (const cookie of [undefined, inventory, customer.cookie]) {
      const headers = { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) };
      for (const url of spellingsOf(cancelPath)) {
        const answer = await rawRequest(ctx.app, "POST", url, {
          headers,
          body: { reason: "customer_request" },
        });
        if (answer.status < 400 || answer.status >= 500)
          failures.push(`POST ${url}: ${answer.status}`);
      }
      for (const url of spellingsOf(`${SALES_API}/orders`)) {
        const answer = await rawRequest(ctx.app, "GET", url, { headers });
        if (
          answer.status < 400 ||
          answer.status >= 500 ||
          answer.body.includes(order.orderNumber)
        ) {
          failures.push(`GET ${url}: ${answer.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect((await stored(order.orderNumber)).status).toBe("placed");
  });

  it("answers 404 to any other browser, customer or staff cookie asking for a shopper's invoice or credit note", async () => {
    const product = await freshProduct(20);
    const owner = await placeTestOrder(
      ctx.app,
      [{ productId: product, quantity: 2 }],
      APPROVED_CARD,
    );
    await manager.bringTo(owner.orderNumber, "out_for_delivery");
    const cancelled = (
      await manager.cancel(owner.orderNumber, "address_unreachable")
    ).json() as SalesOrder;
    const noteId = cancelled.creditNotes[0]!.number.replaceAll("/", "-");
    const stranger = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    const customer = await signUpCustomer(ctx.app);
    const read = (path: string, cookie?: string) =>
      ctx.app.inject({
        method: "GET",
        url: `/api/orders/${owner.orderNumber}/${path}`,
        headers: cookie ? { cookie } : {},
        remoteAddress: freshAddress(),
      });
    for (const path of [
      "invoice",
      "invoice/pdf",
      `credit-notes/${noteId}`,
      `credit-notes/${noteId}/pdf`,
    ]) {
      expect((await read(path, owner.cookie)).statusCode, path).toBe(200);
      for (const cookie of [
        undefined,
        stranger.cookie,
        customer.cookie,
        await signInStaff(ctx.app, "sales"),
        `${stranger.cookie}; ${customer.cookie}`,
        // The owner's cookie value with one character changed.
        owner.cookie.replace(/.$/, (last) => (last === "a" ? "b" : "a")),
      ]) {
        const answer = await read(path, cookie);
        expect(answer.statusCode, `${path} as ${cookie}`).toBe(404);
        expect(answer.body).not.toContain(owner.email);
        expect(answer.body).not.toContain(cancelled.creditNotes[0]!.number);
      }
    }
  });

  it("serves no credit note under the number of another order, to the shopper or the staff", async () => {
    const product = await freshProduct(20);
    const first = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    // The same browser's second order: the shopper owns both.
    const second = await placeFrom(first.cookie, [{ productId: product, quantity: 1 }], {});
    await manager.bringTo(first.orderNumber, "out_for_delivery");
    const note = ((await manager.cancel(first.orderNumber)).json() as SalesOrder).creditNotes[0]!;
    const noteId = note.number.replaceAll("/", "-");
    const shopper = (orderNumber: string, id: string) =>
      ctx.app.inject({
        method: "GET",
        url: `/api/orders/${orderNumber}/credit-notes/${id}`,
        headers: { cookie: first.cookie },
      });
    expect((await shopper(first.orderNumber, noteId)).statusCode).toBe(200);
    expect((await shopper(second.orderNumber, noteId)).statusCode).toBe(404);
    expect(
      (
        await manager.request({
          method: "GET",
          url: `${SALES_API}/orders/${second.orderNumber}/credit-notes/${noteId}`,
        })
      ).statusCode,
    ).toBe(404);
    // Near misses and other spellings of the number find nothing, and never the note.
    const serial = noteId.slice(-6);
    for (const forged of [
      noteId.replace(serial, String(Number(serial) + 1).padStart(6, "0")),
      `${noteId}0`,
      noteId.replace(/-(\d{6})$/, "-0$1"),
      noteId.toLowerCase(),
      noteId.replaceAll("-", "%2F"),
      `${noteId}%00`,
      "FCN-99-99-999999' or '1'='1",
    ]) {
      const answer = await shopper(first.orderNumber, forged);
      expect([400, 404], forged).toContain(answer.statusCode);
      expect(answer.body).not.toContain("Credit Note");
    }
  });

  it("refuses malformed picks at packing and leaves order, stock and money as they were", async () => {
    const product = await freshProduct(30);
    const other = await freshProduct(30);
    const order = await placeTestOrder(
      ctx.app,
      [{ productId: product, quantity: 4 }],
      APPROVED_CARD,
    );
    await manager.bringTo(order.orderNumber, "confirmed");
    const pick = (quantity: unknown, productId: unknown = product) => ({
      productId,
      quantity,
      reason: "spoiled",
    });
    const bodies: unknown[] = [
      { to: "packed", picked: [pick(-1)] },
      { to: "packed", picked: [pick(1.5)] },
      { to: "packed", picked: [pick(1e300)] },
      { to: "packed", picked: [pick(2 ** 53 + 2)] },
      { to: "packed", picked: [pick("2")] },
      { to: "packed", picked: [pick(null)] },
      { to: "packed", picked: [pick(5)] },
      { to: "packed", picked: [pick(1), pick(2)] },
      { to: "packed", picked: [pick(3), pick(0)] },
      { to: "packed", picked: Array.from({ length: 101 }, () => pick(1)) },
      { to: "packed", picked: Array.from({ length: 100 }, (_, at) => pick(1, `x${at}`)) },
      { to: "packed", picked: [{ ...pick(1), unitPricePaise: 1 }] },
      { to: "packed", picked: [pick(1)], refundPaise: 9_999_999 },
      { to: "packed", picked: [pick(1, other)] },
      { to: "packed", picked: [pick(1, "")] },
      { to: "packed", picked: [pick(1, "x".repeat(101))] },
      { to: "packed", picked: pick(1) },
      { to: "packed", picked: [{ productId: product, quantity: 1 }] },
      { to: "packed", picked: [{ ...pick(1), reason: "eaten" }] },
      { to: "packed", picked: [{ ...pick(1), reason: "" }] },
      { to: "cancelled" },
      { to: ["packed"] },
      [{ to: "packed" }],
      JSON.parse('{"to":"packed","picked":[{"productId":"p","quantity":1,"__proto__":{"x":1}}]}'),
    ];
    for (const payload of bodies) {
      const response = await manager.request({
        method: "POST",
        url: `${SALES_API}/orders/${order.orderNumber}/moves`,
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    const plain = await manager.request({
      method: "POST",
      url: `${SALES_API}/orders/${order.orderNumber}/moves`,
      payload: "to=packed",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(plain.statusCode).toBe(415);
    const after = await stored(order.orderNumber);
    expect(after).toMatchObject({ status: "confirmed", total_paise: order.totalPaise });
    expect((await productRow(ctx, product)).stock).toBe(26);
    expect((await ledgerOf(ctx, order.orderNumber)).map((row) => row.kind)).toEqual(["sale"]);
    expect(await refundsOf(order.orderNumber)).toEqual([]);
  });

  it("refuses picked lines on a move other than packing without moving the order", async () => {
    const product = await freshProduct(30);
    const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 3 }]);
    const response = await manager.move(order.orderNumber, "confirmed", [
      { productId: product, quantity: 1 },
    ]);
    expect(response.statusCode).toBe(400);
    expect((await stored(order.orderNumber)).status).toBe("placed");
    expect(await ledgerOf(ctx, order.orderNumber)).toHaveLength(1);
  });

  it("reads no oversized body: 401 without a session, 413 for the manager", async () => {
    const product = await freshProduct(30);
    const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 3 }]);
    const payload = { to: "confirmed", padding: "x".repeat(200 * 1024) };
    const url = `${SALES_API}/orders/${order.orderNumber}/moves`;
    const anonymous = await ctx.app.inject({
      method: "POST",
      url,
      payload,
      headers: { origin: TEST_ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await manager.request({ method: "POST", url, payload })).statusCode).toBe(413);
    expect((await stored(order.orderNumber)).status).toBe("placed");
  });

  it("refuses malformed cancellations without cancelling", async () => {
    const product = await freshProduct(30);
    const order = await placeTestOrder(
      ctx.app,
      [{ productId: product, quantity: 2 }],
      APPROVED_CARD,
    );
    const bodies: unknown[] = [
      {},
      { reason: "fraud" },
      { reason: "other" },
      { reason: "other", note: "   \n\t " },
      { reason: "customer_request", note: "x".repeat(501) },
      { reason: "customer_request", note: 42 },
      { reason: ["customer_request"] },
      { reason: "customer_request", refundPaise: 1_000_000 },
      { reason: "customer_request", note: "bad \u0000 byte" },
      null,
    ];
    for (const payload of bodies) {
      const response = await manager.request({
        method: "POST",
        url: `${SALES_API}/orders/${order.orderNumber}/cancel`,
        payload: JSON.stringify(payload),
        headers: { "content-type": "application/json" },
      });
      expect(response.statusCode, JSON.stringify(payload)?.slice(0, 80)).toBe(400);
    }
    expect((await stored(order.orderNumber)).status).toBe("placed");
    expect((await productRow(ctx, product)).stock).toBe(28);
    expect(await refundsOf(order.orderNumber)).toEqual([]);
  });

  it("answers malformed order numbers with 400 and unknown ones with 404, never touching another order", async () => {
    const product = await freshProduct(30);
    const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    const unknown = order.orderNumber === "FHH-000000" ? "FHH-000001" : "FHH-000000";
    const cases: [string, number][] = [
      ["FHH-12345", 400],
      ["FHH-1234567", 400],
      [order.orderNumber.toLowerCase(), 400],
      [`${order.orderNumber}%27%20or%20%271%27=%271`, 400],
      [order.orderNumber.replace("FHH-", "FHH-+"), 400],
      [order.orderNumber.slice(4), 400],
      [unknown, 404],
    ];
    for (const [orderNumber, status] of cases) {
      for (const [path, payload] of [
        ["cancel", { reason: "customer_request" }],
        ["moves", { to: "confirmed" }],
      ] as const) {
        const response = await manager.request({
          method: "POST",
          url: `${SALES_API}/orders/${orderNumber}/${path}`,
          payload,
        });
        expect(response.statusCode, `${path} ${orderNumber}`).toBe(status);
      }
      const detail = await manager.request({
        method: "GET",
        url: `${SALES_API}/orders/${orderNumber}/invoice`,
      });
      expect(detail.statusCode, `invoice ${orderNumber}`).toBe(status);
    }
    expect((await stored(order.orderNumber)).status).toBe("placed");
  });

  it("a cancel racing a short-pick returns each unit to stock once and refunds exactly what was paid", async () => {
    const product = await freshProduct(100);
    for (let round = 0; round < 4; round++) {
      const order = await placeTestOrder(
        ctx.app,
        [{ productId: product, quantity: 5 }],
        APPROVED_CARD,
      );
      await manager.bringTo(order.orderNumber, "confirmed");
      const [packed, cancelled] = await Promise.all([
        manager.move(order.orderNumber, "packed", [
          { productId: product, quantity: 3, reason: "spoiled" },
        ]),
        manager.cancel(order.orderNumber, "out_of_stock"),
      ]);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect([200, 409]).toContain(packed.statusCode);
      const ledger = await ledgerOf(ctx, order.orderNumber);
      const returned = sum(
        ledger.filter((row) => row.kind === "cancellation").map((row) => Number(row.quantity)),
      );
      expect(returned).toBe(5);
      expect(sum(ledger.map((row) => Number(row.quantity)))).toBe(
        packed.statusCode === 200 ? -2 : 0,
      );
      const owed = await refundsOf(order.orderNumber);
      expect(owed.every((refund) => refund.amount_paise > 0)).toBe(true);
      expect(sum(owed.map((refund) => refund.amount_paise))).toBe(order.totalPaise);
    }
    const stock = (await productRow(ctx, product)).stock;
    expect(stock).toBeGreaterThanOrEqual(0);
    const [moved] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`
        select coalesce(sum(quantity), 0)::integer as n from stock_movements
        where product_id = ${product} and kind <> 'count'`),
    );
    expect(stock).toBe(100 + Number(moved!.n));
  });

  it("two short-picks at once: one packs, the other gets 409, and the difference is refunded once", async () => {
    const product = await freshProduct(30);
    const order = await placeTestOrder(
      ctx.app,
      [{ productId: product, quantity: 5 }],
      APPROVED_CARD,
    );
    await manager.bringTo(order.orderNumber, "confirmed");
    const answers = await Promise.all([
      manager.move(order.orderNumber, "packed", [
        { productId: product, quantity: 3, reason: "spoiled" },
      ]),
      manager.move(order.orderNumber, "packed", [
        { productId: product, quantity: 1, reason: "spoiled" },
      ]),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const ledger = await ledgerOf(ctx, order.orderNumber);
    expect(ledger.map((row) => row.kind)).toEqual(["sale", "cancellation", "write_off"]);
    const short = Number(ledger[1]!.quantity);
    expect(await refundsOf(order.orderNumber)).toEqual([
      expect.objectContaining({ amount_paise: short * 4000 }),
    ]);
    expect((await stored(order.orderNumber)).total_paise).toBe(order.totalPaise - short * 4000);
    expect((await productRow(ctx, product)).stock).toBe(25);
  });

  it("a cancel racing dispatch issues a credit note exactly when an invoice was issued, and both series stay consecutive", async () => {
    const product = await freshProduct(100);
    const placed = await Promise.all(
      Array.from({ length: 6 }, () =>
        placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }], APPROVED_CARD),
      ),
    );
    for (const order of placed) await manager.bringTo(order.orderNumber, "packed");
    const answers = await Promise.all(
      placed.map((order) =>
        Promise.all([
          manager.move(order.orderNumber, "out_for_delivery"),
          manager.cancel(order.orderNumber, "address_unreachable"),
        ]),
      ),
    );
    // Never a failure (a deadlock would be a 500): dispatch goes out or finds the order cancelled.
    for (const [dispatch, cancel] of answers) {
      expect([200, 409]).toContain(dispatch.statusCode);
      expect(cancel.statusCode).toBe(200);
    }
    for (const order of placed) {
      const row = await stored(order.orderNumber);
      expect(row.status).toBe("cancelled");
      const notes = await creditNotesOf(order.orderNumber);
      expect(notes).toHaveLength(row.invoice_number ? 1 : 0);
      if (notes[0]) expect(notes[0].total_paise).toBe(order.totalPaise);
      expect(sum((await refundsOf(order.orderNumber)).map((refund) => refund.amount_paise))).toBe(
        order.totalPaise,
      );
    }
    const serials = (numbers: string[]) =>
      numbers.map((number) => Number(number.split("/")[2])).sort((a, b) => a - b);
    const invoices = serials(
      rowsOf<{ n: string }>(
        await ctx.database.db.execute(
          sql`select invoice_number as n from orders where invoice_number is not null`,
        ),
      ).map((row) => row.n),
    );
    const notes = serials(
      rowsOf<{ n: string }>(
        await ctx.database.db.execute(sql`select number as n from credit_notes`),
      ).map((row) => row.n),
    );
    for (const series of [invoices, notes]) {
      expect(series).toEqual(Array.from({ length: series.length }, (_, at) => at + 1));
    }
  });

  it("replayed moves and cancels change nothing the second time", async () => {
    const product = await freshProduct(30);
    const order = await placeTestOrder(
      ctx.app,
      [{ productId: product, quantity: 2 }],
      APPROVED_CARD,
    );
    await manager.bringTo(order.orderNumber, "out_for_delivery");
    const count = async () => {
      const [row] = rowsOf<{ audit: number; mails: number; events: number }>(
        await ctx.database.db.execute(sql`
          select (select count(*) from audit_log where target_id = ${order.orderNumber})::integer as audit,
            (select count(*) from mail_outbox where to_address = ${order.email})::integer as mails,
            (select count(*) from order_events e join orders o on o.id = e.order_id
              where o.order_number = ${order.orderNumber})::integer as events`),
      );
      return row;
    };
    for (const to of ["confirmed", "packed", "out_for_delivery"] as const) {
      expect((await manager.move(order.orderNumber, to)).statusCode).toBe(409);
    }
    const invoice = (await stored(order.orderNumber)).invoice_number;
    expect((await manager.cancel(order.orderNumber)).statusCode).toBe(200);
    const before = await count();
    for (let replay = 0; replay < 3; replay++) {
      expect((await manager.cancel(order.orderNumber)).statusCode).toBe(409);
      expect((await manager.move(order.orderNumber, "delivered")).statusCode).toBe(409);
    }
    expect(await count()).toEqual(before);
    expect((await stored(order.orderNumber)).invoice_number).toBe(invoice);
    expect(await creditNotesOf(order.orderNumber)).toHaveLength(1);
    expect(await refundsOf(order.orderNumber)).toHaveLength(1);
    expect((await productRow(ctx, product)).stock).toBe(30);
  });

  it("a short-picked GST line then a cancel after dispatch refunds exactly what was paid and credits what was invoiced", async () => {
    const ghee = await freshProduct(30, { gstRateBps: 500 });
    const beans = await freshProduct(30);
    const order = await placeTestOrder(
      ctx.app,
      [
        { productId: ghee, quantity: 7 },
        { productId: beans, quantity: 3 },
      ],
      APPROVED_CARD,
    );
    await manager.bringTo(order.orderNumber, "confirmed");
    const packed = (
      await manager.move(order.orderNumber, "packed", [
        { productId: ghee, quantity: 2, reason: "spoiled" },
      ])
    ).json() as SalesOrder;
    expect(packed.totalPaise).toBeGreaterThan(0);
    expect(packed.totalPaise).toBeLessThan(order.totalPaise);
    expect(packed.deliveryFeePaise).toBeLessThanOrEqual(order.deliveryFeePaise);
    expect(packed.totalPaise).toBe(
      packed.subtotalPaise + packed.gstPaise + packed.deliveryFeePaise,
    );
    expect((await manager.move(order.orderNumber, "out_for_delivery")).statusCode).toBe(200);
    const cancelled = (
      await manager.cancel(order.orderNumber, "address_unreachable")
    ).json() as SalesOrder;
    expect(cancelled.creditNotes.map((note) => note.totalPaise)).toEqual([packed.totalPaise]);
    const owed = await refundsOf(order.orderNumber);
    expect(owed.every((refund) => refund.amount_paise > 0)).toBe(true);
    expect(sum(owed.map((refund) => refund.amount_paise))).toBe(order.totalPaise);
    expect((await productRow(ctx, ghee)).stock).toBe(30 - 5);
    expect((await productRow(ctx, beans)).stock).toBe(30);
  });

  it("treats search strings meant for SQL as plain values, and a plain search after them still finds the order", async () => {
    const product = await freshProduct(30);
    const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    for (const q of [
      "' or 1=1 --@x",
      "x@x' or '1'='1",
      "%@%",
      "*@*",
      "a@b'); drop table orders; --",
      "FHH-000001' or '1'='1",
      "9876543210 or 1=1",
      "@",
      `${"9".repeat(50)}@${"9".repeat(49)}`,
      " - ".repeat(33),
    ]) {
      const response = await manager.request({
        method: "GET",
        url: `${SALES_API}/orders?q=${encodeURIComponent(q)}`,
      });
      expect([200, 400], q).toContain(response.statusCode);
      if (response.statusCode === 200) expect((response.json() as BoardPage).orders, q).toEqual([]);
    }
    // After every one of them: nothing was dropped or changed, and the plain values still match.
    for (const q of [order.orderNumber, order.email]) {
      const found = await manager.request({
        method: "GET",
        url: `${SALES_API}/orders?q=${encodeURIComponent(q)}`,
      });
      expect(found.statusCode, q).toBe(200);
      expect(
        (found.json() as BoardPage).orders.map((row) => row.orderNumber),
        q,
      ).toEqual([order.orderNumber]);
    }
    const [row] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::integer as n from orders`),
    );
    expect(row!.n).toBeGreaterThan(0);
  });

  /** Board queries that answer anything but a page or a clear 400. */
  const boardFailures = async (queries: string[]) => {
    const failures: string[] = [];
    for (const query of queries) {
      const response = await manager.request({
        method: "GET",
        url: `${SALES_API}/orders?${query}`,
      });
      if (response.statusCode !== 200 && response.statusCode !== 400) {
        failures.push(`${query}: ${response.statusCode}`);
      }
    }
    return failures;
  };

  it("answers a forged cursor with a page or a 400, never a 500", async () => {
    // The cursor's pattern lets the id run to ten digits; the query casts it to a 32-bit integer.
    const failures = await boardFailures([
      "cursor=1700000000000000.9999999999",
      "cursor=1700000000000000.2147483648",
      "cursor=9999999999999999.1",
      "cursor=0000000000000000.0",
      "cursor=0.1",
      "cursor=1700000000000000.2147483647",
    ]);
    expect(failures).toEqual([]);
  });

  it("answers days at the calendar's ends with a page or a 400, never a 500", async () => {
    // Year 0 passes isCalendarDate but PostgreSQL has no year 0; the day after 9999-12-31 is
    // written "+010000-01-01" by toISOString, which PostgreSQL cannot read as a date.
    const failures = await boardFailures([
      "from=0000-01-01",
      "to=0000-01-01",
      "to=9999-12-31",
      "from=0001-01-01&to=9999-12-30",
    ]);
    expect(failures).toEqual([]);
  });

  it("escapes markup in names, address, notes and product names in the invoice, the credit note and every email", async () => {
    const tomato = await freshProduct(30, { name: "<script>fhh1()</script> Tomato" });
    const onion = await freshProduct(30, { name: 'Onion "><svg onload=fhh2()>' });
    const order = await placeFrom(
      undefined,
      [
        { productId: tomato, quantity: 3 },
        { productId: onion, quantity: 2 },
      ],
      {
        contact: { firstName: "<img src=x onerror=fhh3()>", lastName: "<i>fhh4</i> O'Brien & Co" },
        delivery: {
          address: "<iframe src=javascript:fhh5()>",
          city: "</p><b>fhh6</b>",
          state: "<u>fhh7</u>",
        },
        notes: "<style>body{display:none}</style><a href=javascript:fhh8()>x</a>",
      },
      APPROVED_CARD,
    );
    await manager.bringTo(order.orderNumber, "confirmed");
    expect(
      (
        await manager.move(order.orderNumber, "packed", [
          { productId: tomato, quantity: 1, reason: "spoiled" },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await manager.move(order.orderNumber, "out_for_delivery")).statusCode).toBe(200);
    const cancelled = (
      await manager.cancel(order.orderNumber, "other", "<script>fhh9()</script>")
    ).json() as SalesOrder;
    const noteId = cancelled.creditNotes[0]!.number.replaceAll("/", "-");
    const documents = await Promise.all(
      [
        `${SALES_API}/orders/${order.orderNumber}/invoice`,
        `${SALES_API}/orders/${order.orderNumber}/credit-notes/${noteId}`,
      ].map(async (url) => (await manager.request({ method: "GET", url })).body),
    );
    const mails = await drawnMails(
      ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, order.email)),
    );
    expect(mails.length).toBeGreaterThanOrEqual(4);
    const markup = [
      ...documents,
      ...mails.flatMap((mail) => [mail.htmlBody, ...mail.attachments.map((file) => file.content)]),
    ];
    const injected = [
      "<script>fhh",
      "<svg onload",
      "<img src=x",
      "<i>fhh4",
      "<iframe",
      "<b>fhh6",
      "<u>fhh7",
      "<style>body{display:none}",
      "<a href=javascript",
    ];
    for (const html of markup) {
      for (const tag of injected) expect(html).not.toContain(tag);
    }
    expect(documents[0]).toContain("&lt;script&gt;fhh1()");
    expect(documents[1]).toContain("&lt;img src=x onerror=fhh3()&gt;");
  });
});
