import { describe, expect, it } from "vitest";
import { SHOP_TIME_ZONE, shopDate } from "./bulk-delivery-date.ts";

describe("shopDate", () => {
  it("is the calendar day in India, as the platform's time zone data gives it", () => {
    const india = new Intl.DateTimeFormat("en-CA", {
      timeZone: SHOP_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    // Every half hour across two years, around each day's turn in India (18:30 UTC).
    const start = Date.UTC(2025, 0, 1);
    for (let time = start; time < start + 2 * 366 * 86_400_000; time += 1_800_000) {
      for (const nudge of [0, 59_999]) {
        const now = new Date(time + nudge);
        expect(shopDate(now), now.toISOString()).toBe(india.format(now));
      }
    }
  });
});
