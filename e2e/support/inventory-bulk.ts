// Products of a test's own for bulk actions, made through the inventory API from the signed-in
// page (its cookie and origin), so a bulk change never touches what another spec works on.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { signInAsStaff } from "./staff.ts";

export const INVENTORY_API = "/api/staff/inventory";

/** A JSON call as the signed-in page makes it; answers the status and body. */
export function staffCall(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, url, body },
  );
}

/** Makes counted products priced in paise as given; their names end in a tag unique to the run. */
/** What this worker's tests made and have not archived yet. */
const unarchived = new Set<string>();

/**
 * Archives what the test made, so the shop shows only the seeded catalogue again (shop.spec.ts
 * counts it). Run after each test that makes products.
 */
/** Marks a product a test made some other way (through the form) for `archiveMadeProducts`. */
export const madeHere = (id: string) => void unarchived.add(id);

export async function archiveMadeProducts(page: Page) {
  // A test that failed before its page opened the store has no cookie to archive with.
  if (!page.url().startsWith("http")) return;
  const ids = [...unarchived];
  unarchived.clear();
  if (ids.length === 0) return;
  // The test may have ended as another member (the pick list is Sales'): archive as Inventory,
  // from outside the page, so nothing the page shows or logs is touched.
  const origin = new URL(page.url()).origin;
  await signInAsStaff(page, "inventory");
  for (const id of ids) {
    const response = await page.request.post(`${INVENTORY_API}/products/${id}/archive`, {
      headers: { origin },
      data: {},
    });
    expect(response.status(), `archiving the test's product ${id}`).toBe(200);
  }
}

export async function makeProducts(page: Page, prices: Record<string, number>) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const made: { id: string; name: string }[] = [];
  for (const [base, pricePaise] of Object.entries(prices)) {
    const name = `${base} ${tag}`;
    const response = await staffCall(page, "POST", `${INVENTORY_API}/products`, {
      name,
      description: "",
      category: "fruits",
      unit: "each",
      pricePaise,
      gstRateBps: 0,
      hsnCode: "0810",
      lowStockThreshold: 0,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    made.push({ id: response.body.id, name });
    unarchived.add(response.body.id);
  }
  return { tag, products: made };
}

/** Edits one product's price as a colleague would, in the meantime. */
export async function repriceAsColleague(page: Page, id: string, pricePaise: number) {
  const url = `${INVENTORY_API}/products/${id}`;
  const { body: product } = await staffCall(page, "GET", url);
  const response = await staffCall(page, "PUT", url, {
    name: product.name,
    description: product.description,
    category: product.category,
    unit: product.unit,
    pricePaise,
    gstRateBps: product.gstRateBps,
    hsnCode: product.hsnCode,
    lowStockThreshold: product.lowStockThreshold,
    step: product.step,
    minimum: product.minimum,
    version: product.version,
  });
  expect(response.status).toBe(200);
}
