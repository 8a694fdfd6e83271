// @vitest-environment jsdom

import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { OrderLine } from "../../../../shared/contracts/orders.ts";
import type { I18n } from "../../../../shared/i18n/translator.ts";
import { I18nProvider } from "../../../lib/i18n/react-binding.tsx";
import { createShopI18n, loadTexts } from "../../../lib/i18n/shop-i18n.ts";
import { OrderLines } from "./order-lines.tsx";

afterEach(cleanup);

// The order pages in English, as the shop's English pages draw them, and in Odia.
let english: I18n;
let odia: I18n;
beforeAll(async () => {
  english = createShopI18n("en");
  odia = createShopI18n("or");
  await Promise.all([
    // The order pages load the forms' catalogue too (the packed line's words are a shared rule's).
    loadTexts(english, ["frame", "routes/order-tracking"]),
    loadTexts(odia, ["frame", "routes/order-tracking"]),
  ]);
});

const show = (lines: ReactNode, i18n = english) =>
  render(lines, {
    wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>,
  });

const line = (overrides: Partial<OrderLine>): OrderLine => ({
  productId: "tomatoes",
  name: "Tomatoes",
  unit: "kg",
  hsnCode: "0702",
  unitPricePaise: 4000,
  quantity: 1000,
  gstRateBps: 0,
  taxablePaise: 4000,
  gstPaise: 0,
  ...overrides,
});

const rows = () => screen.getAllByRole("listitem").map((row) => row.textContent);

describe("an order's lines as its buyer reads them", () => {
  it("writes weights in grams and kilos, and counts as today", () => {
    show(
      <OrderLines
        lines={[
          line({ quantity: 750, taxablePaise: 3000 }),
          line({ productId: "onions", name: "Onions", quantity: 1250, taxablePaise: 5000 }),
          line({ productId: "mint", name: "Mint", unit: "bunch", quantity: 2, taxablePaise: 2000 }),
        ]}
      />,
    );
    expect(rows()).toEqual([
      "Tomatoes × 750 g₹30.00",
      "Onions × 1.25 kg₹50.00",
      "Mint × 2 bunch₹20.00",
    ]);
  });

  it("says what was ordered and what the scale read when they differ, with the charge", () => {
    show(
      <OrderLines
        lines={[
          // Within the tolerance: charged for what was packed.
          line({ quantity: 1040, orderedQuantity: 1000, packedQuantity: 1040, taxablePaise: 4160 }),
          // Packed as ordered: nothing more to say.
          line({ productId: "onions", name: "Onions", packedQuantity: 1000 }),
          // Prepaid and packed heavier: charged for what was ordered.
          line({
            productId: "potatoes",
            name: "Potatoes",
            quantity: 2000,
            packedQuantity: 2080,
            taxablePaise: 8000,
          }),
        ]}
      />,
    );
    expect(rows()).toEqual([
      "Tomatoes 1 kg ordered, 1.04 kg packed₹41.60",
      "Onions × 1 kg₹40.00",
      "Potatoes 2 kg ordered, 2.08 kg packedCharged for 2 kg. The extra weight is on us: you paid for what you ordered.₹80.00",
    ]);
  });

  it("keeps a count line picked short as it was: what came, and what was ordered", () => {
    show(
      <OrderLines
        lines={[
          line({
            productId: "mint",
            name: "Mint",
            unit: "bunch",
            quantity: 2,
            orderedQuantity: 3,
            taxablePaise: 2000,
          }),
        ]}
      />,
    );
    expect(rows()).toEqual(["Mint × 2 bunch (ordered 3)₹20.00"]);
  });

  it("names each product as it was sold in the order's language, on a page in that language", () => {
    const mint = line({
      productId: "mint",
      name: "Mint",
      localName: "ପୋଦିନା",
      unit: "kg",
      quantity: 500,
      orderedQuantity: 750,
      taxablePaise: 2000,
    });
    show(<OrderLines lines={[mint]} locale="or" />, odia);
    expect(rows()).toEqual(["ପୋଦିନା × 500 g (750 g ଅର୍ଡର କରିଥିଲେ)₹20.00"]);
    cleanup();
    // The same order read on an English page, or an English order on an Odia one: the English.
    show(<OrderLines lines={[mint]} locale="or" />);
    expect(rows()).toEqual(["Mint × 500 g (ordered 750 g)₹20.00"]);
    cleanup();
    show(<OrderLines lines={[{ ...mint, localName: null }]} locale="en" />, odia);
    expect(rows()[0]).toMatch(/^Mint × 500 g/);
  });
});
