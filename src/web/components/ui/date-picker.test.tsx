// @vitest-environment jsdom

import { cleanup, render as draw, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { WEEKDAY_NAMES } from "../../../shared/i18n/month-names.ts";
import type { I18n } from "../../../shared/i18n/translator.ts";
import { I18nProvider } from "../../lib/i18n/react-binding.tsx";
import { createShopI18n, loadTexts } from "../../lib/i18n/shop-i18n.ts";
import { WEEKDAY_HEADS } from "./calendar-words.ts";
import { DatePicker } from "./date-picker.tsx";

afterEach(cleanup);

const translators: Partial<Record<Locale, I18n>> = {};
beforeAll(async () => {
  for (const locale of ["en", "or", "hi"] as const) {
    const i18n = createShopI18n(locale);
    // The texts of the page that draws the picker: the event order request.
    await loadTexts(i18n, ["frame", "routes/bulk-order-request"]);
    translators[locale] = i18n;
  }
});

/** The picker on a page in `locale`, opened on November 2026 with the 30th chosen. */
function openPicker(locale: Locale, { label = "Delivery date", value = "2026-11-30" } = {}) {
  draw(
    <I18nProvider i18n={translators[locale]!}>
      <DatePicker
        id="date"
        label={label}
        value={value}
        onChange={() => {}}
        first="2026-11-03"
        last="2027-10-31"
        today="2026-11-01"
      />
    </I18nProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: new RegExp(label) }));
  return screen.getByRole("grid");
}

const heads = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole("columnheader", { hidden: true })
    .map((head) => [head.textContent, head.getAttribute("aria-label")]);

describe("DatePicker's calendar", () => {
  it("draws an Odia page's month, weekdays and labels in Odia, with Latin digits", () => {
    const grid = openPicker("or");
    expect(screen.getByRole("status").textContent).toBe("ନଭେମ୍ବର 2026");
    expect(grid.getAttribute("aria-label")).toBe("ନଭେମ୍ବର 2026");
    expect(heads(grid)).toEqual([
      ["ରବି", "ରବିବାର"],
      ["ସୋମ", "ସୋମବାର"],
      ["ମଙ୍ଗଳ", "ମଙ୍ଗଳବାର"],
      ["ବୁଧ", "ବୁଧବାର"],
      ["ଗୁରୁ", "ଗୁରୁବାର"],
      ["ଶୁକ୍ର", "ଶୁକ୍ରବାର"],
      ["ଶନି", "ଶନିବାର"],
    ]);
    expect(screen.getByRole("button", { name: "ପରବର୍ତ୍ତୀ ମାସକୁ ଯାଆନ୍ତୁ" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "ପୂର୍ବ ମାସକୁ ଯାଆନ୍ତୁ" })).toBeTruthy();
    // The chosen day, as a screen reader says it, and today's.
    expect(
      within(grid).getByRole("button", { name: "ସୋମବାର, 30 ନଭେମ୍ବର 2026, ବଛାଯାଇଛି" }).textContent,
    ).toBe("30");
    expect(within(grid).getByRole("button", { name: "ଆଜି, ରବିବାର, 1 ନଭେମ୍ବର 2026" })).toBeTruthy();
    expect(grid.closest("[lang]")?.getAttribute("lang")).toBe("or-IN");
  });

  it("draws a Hindi page's calendar in Hindi", () => {
    const grid = openPicker("hi");
    expect(screen.getByRole("status").textContent).toBe("नवंबर 2026");
    expect(heads(grid)[0]).toEqual(["रवि", "रविवार"]);
    expect(screen.getByRole("button", { name: "अगले महीने पर जाएँ" })).toBeTruthy();
    expect(within(grid).getByRole("button", { name: /^सोमवार, 30 नवंबर 2026, / })).toBeTruthy();
  });

  it("leaves an English page's calendar as it was", () => {
    const grid = openPicker("en");
    expect(screen.getByRole("status").textContent).toBe("November 2026");
    expect(grid.getAttribute("aria-label")).toBe("November 2026");
    expect(heads(grid)[0]).toEqual(["Su", "Sunday"]);
    expect(screen.getByRole("button", { name: "Go to the Next Month" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Go to the Previous Month" })).toBeTruthy();
    expect(
      within(grid).getByRole("button", { name: "Monday, November 30th, 2026, selected" }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: /Delivery date/ }).textContent).toContain(
      "Monday, 30 November 2026",
    );
  });

  it("asks for a date, and names the calendar, in the page's language", () => {
    openPicker("or", { label: "ଡେଲିଭରି ତାରିଖ", value: "" });
    expect(screen.getByRole("button", { name: /ଡେଲିଭରି ତାରିଖ/ }).textContent).toBe("ତାରିଖ ବାଛନ୍ତୁ");
    expect(screen.getByRole("dialog", { name: "ଡେଲିଭରି ତାରିଖ ବାଛନ୍ତୁ" })).toBeTruthy();
    cleanup();
    openPicker("en", { value: "" });
    expect(screen.getByRole("button", { name: /Delivery date/ }).textContent).toBe("Pick a date");
    expect(screen.getByRole("dialog", { name: "Choose delivery date" })).toBeTruthy();
  });

  it("shortens each weekday from the store's own names", () => {
    for (const locale of ["or", "hi"] as const) {
      WEEKDAY_HEADS[locale].forEach((head, day) => {
        expect(WEEKDAY_NAMES[locale][day]?.startsWith(head)).toBe(true);
      });
    }
  });
});
