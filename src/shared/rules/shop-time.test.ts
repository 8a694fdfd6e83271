import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatIndiaDayAndMonth,
  formatShopDate,
  formatShopDateTime,
} from "./shop-time.ts";

// 19:05 in Bhubaneswar on 21 November; 22:00 UTC on 30 September is already 1 October there.
const EVENING = "2026-11-21T13:35:00Z";
const PAST_MIDNIGHT = "2026-09-30T22:00:00Z";

describe("dates in each language", () => {
  it("write English as the store always has, with its own short months", () => {
    expect(formatShopDateTime(EVENING)).toBe("21 Nov 2026, 7:05 pm");
    expect(formatShopDate("2026-09-03T06:00:00Z")).toBe("3 Sep 2026");
    expect(formatCalendarDate("2026-12-05")).toBe("Saturday, 5 December 2026");
  });

  it("write Odia and Hindi months in full, with Latin digits and the shop's clock", () => {
    expect(formatShopDateTime(EVENING, "or")).toBe("21 ନଭେମ୍ବର 2026, 7:05 pm");
    expect(formatShopDateTime(EVENING, "hi")).toBe("21 नवंबर 2026, 7:05 pm");
    expect(formatShopDate("2026-02-14T06:00:00Z", "hi")).toBe("14 फ़रवरी 2026");
    expect(formatCalendarDate("2026-12-05", "or")).toBe("ଶନିବାର, 5 ଡିସେମ୍ବର 2026");
    expect(formatCalendarDate("2026-12-05", "hi")).toBe("शनिवार, 5 दिसंबर 2026");
  });

  it("take the day in India, not the device's, in every language", () => {
    for (const [locale, month] of [
      ["en", "Oct"],
      ["or", "ଅକ୍ଟୋବର"],
      ["hi", "अक्टूबर"],
    ] as const) {
      expect(formatIndiaDayAndMonth(new Date(PAST_MIDNIGHT), locale)).toBe(`1 ${month}`);
    }
  });

  it("leave what is not a date as it came, and refuse an invalid instant", () => {
    expect(formatShopDate("not a date", "or")).toBe("not a date");
    expect(() => formatIndiaDayAndMonth(new Date(Number.NaN), "hi")).toThrow(RangeError);
  });
});
