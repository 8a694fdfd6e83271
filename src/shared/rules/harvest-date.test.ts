import { describe, expect, it } from "vitest";
import { formatIndiaDay, harvestedLabel } from "./harvest-date.ts";

describe("harvestedLabel", () => {
  it("reads a calendar date as that day, whatever the device's time zone", () => {
    expect(harvestedLabel("2026-11-21")).toBe("Harvested 21 Nov");
    expect(harvestedLabel("2026-01-01")).toBe("Harvested 1 Jan");
  });

  it("reads a moment as the day it is in India", () => {
    // 20:00 UTC on the 20th is already 01:30 on the 21st in India.
    expect(harvestedLabel("2026-11-20T20:00:00Z")).toBe("Harvested 21 Nov");
  });

  it("says nothing without a date or with one it cannot read", () => {
    expect(harvestedLabel(null)).toBeUndefined();
    expect(harvestedLabel(undefined)).toBeUndefined();
    expect(harvestedLabel("")).toBeUndefined();
    expect(harvestedLabel("not a date")).toBeUndefined();
  });

  it("gives the year in the back office's long form", () => {
    expect(formatIndiaDay("2026-11-21")).toBe("21 Nov 2026");
  });
});
