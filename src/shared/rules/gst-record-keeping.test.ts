import { describe, expect, it } from "vitest";
import { gstRecordKeptUntil, invoiceNamesRecipient } from "./gst-record-keeping.ts";

describe("what GST law keeps of an erased customer's invoice", () => {
  it("names the recipient from ₹50,000 of supply, delivery included, and only on an issued invoice", () => {
    const invoice = { invoiceNumber: "FHH/26-27/000001", deliveryFeePaise: 0 };
    expect(invoiceNamesRecipient({ ...invoice, subtotalPaise: 49_999_99 })).toBe(false);
    expect(invoiceNamesRecipient({ ...invoice, subtotalPaise: 50_000_00 })).toBe(true);
    expect(
      invoiceNamesRecipient({ ...invoice, subtotalPaise: 49_990_00, deliveryFeePaise: 49_00 }),
    ).toBe(true);
    // Cancelled before leaving the store: no invoice, nothing to keep.
    expect(
      invoiceNamesRecipient({ invoiceNumber: null, subtotalPaise: 90_000_00, deliveryFeePaise: 0 }),
    ).toBe(false);
  });

  it("keeps it 72 months from the annual return's due date (31 December after the financial year)", () => {
    // 31 March 2027, 23:00 in India is still 2026-27: return due 31 Dec 2027.
    expect(gstRecordKeptUntil(new Date("2027-03-31T17:30:00Z"))).toBe("2033-12-31");
    // 1 April 2027 in India (31 March in UTC) starts 2027-28.
    expect(gstRecordKeptUntil(new Date("2027-03-31T19:00:00Z"))).toBe("2034-12-31");
    expect(gstRecordKeptUntil(new Date("2026-05-01T06:00:00Z"))).toBe("2033-12-31");
  });
});
