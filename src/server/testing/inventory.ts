// What API suites need to act as the inventory manager and to make the shop sell things.
import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import type { PlaceOrderInput } from "../../shared/contracts/checkout.ts";
import type { StoreApp } from "../app.ts";
import { rowsOf } from "../db/client.ts";
import { products } from "../db/schema/index.ts";
import { mustMove } from "../modules/inventory/index.ts";
import { freshAddress, freshEmail, freshMobile, TEST_ORIGIN } from "./customers.ts";
import { signInStaff } from "./staff.ts";
import type { TestContext } from "./test-app.ts";

export const INVENTORY = "/api/staff/inventory";

/** A request as a signed-in member (cookie) from the store's own pages. */
export function asStaff(app: StoreApp, cookie: string) {
  return (options: InjectOptions & { url: string }) =>
    app.inject({
      ...options,
      headers: { origin: TEST_ORIGIN, cookie, ...options.headers },
      remoteAddress: freshAddress(),
    });
}

let orderKeys = 0;

/** A cash order from a shopper of their own; answers the response. */
export function placeShopOrder(app: StoreApp, items: PlaceOrderInput["items"]) {
  return app.inject(shopOrderRequest(items));
}

/**
 * The request placeShopOrder sends, to send it again (a retry with the same key); `cookie` sends
 * it from a signed-in customer's or a known browser's session, `method` pays otherwise than cash.
 */
export function shopOrderRequest(
  items: PlaceOrderInput["items"],
  {
    cookie,
    method = "cash",
  }: { cookie?: string; method?: PlaceOrderInput["payment"]["method"] } = {},
) {
  const order: PlaceOrderInput = {
    contact: { firstName: "Asha", lastName: "Das", email: freshEmail(), phone: freshMobile() },
    delivery: { address: "12 Janpath", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
    notes: "",
    payment: { method },
    items,
  };
  const key = `shop-order-${Date.now()}-${++orderKeys}`;
  return {
    method: "POST",
    url: "/api/orders",
    payload: order,
    headers: { origin: TEST_ORIGIN, "idempotency-key": key, ...(cookie && { cookie }) },
    remoteAddress: freshAddress(),
  } satisfies InjectOptions;
}

export async function productRow(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
  if (!row) throw new Error(`no product ${id}`);
  return row;
}

/** The audit entries for one target, oldest first. */
export async function auditOf(ctx: TestContext, targetId: string) {
  return rowsOf<{
    action: string;
    before: unknown;
    after: unknown;
    staff_name: string;
    role: string;
  }>(
    await ctx.database.db.execute(
      sql`select action, before, after, staff_name, role from audit_log where target_id = ${targetId} order by id`,
    ),
  );
}

/**
 * A product of its own for a test, with `stock` on the shelf from an opening count (so in its
 * unrecorded lot, as stock no receipt recorded is): counted (each) at ₹40.00 unless `weighed`,
 * which sells it by the kilo at ₹40.00 a kilo in 250 g steps, with `stock` in grams.
 */
export async function testProduct(
  ctx: TestContext,
  id: string,
  stock: number,
  { weighed = false }: { weighed?: boolean } = {},
) {
  const [unit, step] = weighed ? ["kg", 250] : ["each", 1];
  await ctx.database.db.execute(sql`
    insert into products (id, name, category_id, price_paise, unit, image, description, stock,
      gst_rate_bps, hsn_code, low_stock_threshold, step, minimum)
    values (${id}, ${`Test ${id}`}, 'vegetables', 4000, ${unit}, '/images/x.svg', '', 0, 0,
      '0709', 5, ${step}, ${step})`);
  if (stock > 0) await setShelf(ctx, id, stock, "Opening stock");
}

/**
 * Puts `stock` on a product's shelf through the ledger, as a count would (the lots follow the
 * ledger, so stock is never set beside it).
 */
export async function setShelf(ctx: TestContext, id: string, stock: number, note = "Counted") {
  await mustMove(ctx.database.db, { productId: id, kind: "count", counted: stock, note });
}

/**
 * Sets the price of a product made by `testProduct`, as the inventory manager does through the
 * API (every other field as `testProduct` made it); answers the response.
 */
export async function repriceTestProduct(app: StoreApp, id: string, pricePaise: number) {
  const staff = asStaff(app, await signInStaff(app, "inventory"));
  const url = `${INVENTORY}/products/${id}`;
  const opened = (await staff({ method: "GET", url })).json();
  return staff({
    method: "PUT",
    url,
    payload: {
      name: opened.name,
      description: "",
      category: "vegetables",
      // Its own unit and steps: a product never turns between weighed and counted.
      unit: opened.unit,
      step: opened.step,
      minimum: opened.minimum,
      pricePaise,
      gstRateBps: 0,
      hsnCode: "0709",
      organic: false,
      local: false,
      inSeason: false,
      featured: false,
      lowStockThreshold: 5,
      version: opened.version,
    },
  });
}
