import type { Page } from "@playwright/test";
import { BULK_PIPELINE_API } from "../../src/shared/contracts/bulk-pipeline.ts";
import { expect } from "./fixtures.ts";
import { signInAsStaff } from "./staff.ts";

/**
 * Customer Relations prices a request through the dashboard's API, from a browser of their own
 * (the dashboard's quote form has its own test: support-inbox.spec.ts).
 */
export async function quoteRequest(
  page: Page,
  ticketId: string,
  rupees: number,
  {
    approveCod = false,
    lines,
    discountPercent = 0,
    deliveryChargePaise = 0,
  }: {
    approveCod?: boolean;
    /** Catalogue lines of its own, instead of one that comes to `rupees`. */
    lines?: { productId: string; quantity: number }[];
    discountPercent?: number;
    deliveryChargePaise?: number;
  } = {},
) {
  const context = await page
    .context()
    .browser()!
    .newContext({
      baseURL: new URL(page.url()).origin,
    });
  try {
    const staff = await context.newPage();
    await signInAsStaff(staff, "customer-relations");
    const url = `${BULK_PIPELINE_API}/${ticketId}`;
    const current = await staff.request.get(url);
    expect(current.status(), `GET ${url}`).toBe(200);
    const { version } = (await current.json()) as { version: number };
    const quoted = await staff.request.post(`${url}/quote`, {
      data: {
        // Unless given, one exempt line that comes to the amount: 100 kg of pumpkin at the day's rate.
        lines: lines ?? [{ productId: "pumpkin", quantity: 100_000, listPricePaise: rupees }],
        discountPercent,
        deliveryChargePaise,
        approveCod,
        notes: "",
        version,
      },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(quoted.status(), await quoted.text()).toBe(200);
  } finally {
    await context.close();
  }
}
