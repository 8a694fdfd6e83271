import { describe, expect, it } from "vitest";
import { QUOTE_LABELS } from "../../../shared/rules/bulk-quote.ts";
import { createShopI18n, loadTexts } from "./shop-i18n.ts";
import { wordingOf } from "./wording.ts";

describe("wordingOf", () => {
  it("says a text with values from the page's catalogue, and in English on a page without it", async () => {
    const staff = createShopI18n("en");
    await loadTexts(staff, ["frame"]);
    expect(wordingOf(staff)(QUOTE_LABELS.discount, { percent: 10 })).toBe("Event discount (10%)");
    expect(wordingOf(staff)(QUOTE_LABELS.gst, {})).toBe("GST");

    const odia = createShopI18n("or");
    await loadTexts(odia, ["frame", "routes/bulk-order-confirmation"]);
    const said = wordingOf(odia)(QUOTE_LABELS.discount, { percent: 10 });
    expect(said).toContain("10%");
    expect(said).toMatch(/[\u0B00-\u0B7F]/);
  });
});
