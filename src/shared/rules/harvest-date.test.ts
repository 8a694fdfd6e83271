import { describe, expect, it } from "vitest";
import { formatIndiaDay, harvestedLabel } from "./harvest-date.ts";

describe("harvestedLabel", () => {
  const later = new Date("2027-02-01T06:00:00Z");

  it("reads a calendar date as that day, whatever the device's time zone", () => {
    expect(harvestedLabel("2026-11-21", later)).toBe("Harvested 21 Nov");
    expect(harvestedLabel("2026-01-01", later)).toBe("Harvested 1 Jan");
  });

  it("reads a moment as the day it is in India", () => {
    // 20:00 UTC on the 20th is already 01:30 on the 21st in India.
    expect(harvestedLabel("2026-11-20T20:00:00Z", later)).toBe("Harvested 21 Nov");
  });

  it("says how long ago within a week, counted in India days", () => {
    // 20:00 UTC on the 28th is 01:30 on the 29th in India.
    const now = new Date("2026-11-28T20:00:00Z");
    expect(harvestedLabel("2026-11-29", now)).toBe("Harvested today");
    expect(harvestedLabel("2026-11-28", now)).toBe("Harvested yesterday");
    expect(harvestedLabel("2026-11-27", now)).toBe("Harvested 2 days ago");
    expect(harvestedLabel("2026-11-23", now)).toBe("Harvested 6 days ago");
    expect(harvestedLabel("2026-11-22", now)).toBe("Harvested 22 Nov");
  });

  it("says nothing without a date or with one it cannot read", () => {
    expect(harvestedLabel(null)).toBeUndefined();
    expect(harvestedLabel(undefined)).toBeUndefined();
    expect(harvestedLabel("")).toBeUndefined();
    expect(harvestedLabel("not a date")).toBeUndefined();
  });

  it("gives the year in the back office's long form", () => {
    expect(formatIndiaDay("2026-11-21")).toBe("21 Nov 2026");
    // 18:29 UTC on 31 December is 23:59 in India; a minute later it is the new year there.
    expect(formatIndiaDay("2026-12-31T18:29:00Z")).toBe("31 Dec 2026");
    expect(formatIndiaDay("2026-12-31T18:30:00Z")).toBe("1 Jan 2027");
  });

  it("names every month as the invoices do, the same on every device", () => {
    const months = Array.from({ length: 12 }, (_, month) =>
      formatIndiaDay(`2026-${String(month + 1).padStart(2, "0")}-05`),
    );
    expect(months).toEqual([
      "5 Jan 2026",
      "5 Feb 2026",
      "5 Mar 2026",
      "5 Apr 2026",
      "5 May 2026",
      "5 Jun 2026",
      "5 Jul 2026",
      "5 Aug 2026",
      "5 Sep 2026",
      "5 Oct 2026",
      "5 Nov 2026",
      "5 Dec 2026",
    ]);
  });
});
