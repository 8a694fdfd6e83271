import { describe, expect, it } from "vitest";
import {
  balanceOf,
  changeMoney,
  changesCloseAt,
  differenceDue,
  linesChangeable,
  valueTakenOff,
} from "./bulk-changes.ts";

describe("changes to an event order after its advance", () => {
  it("close 24 hours before the order reaches the board: 6 am India time the day before", () => {
    expect(changesCloseAt("2026-12-20").toISOString()).toBe("2026-12-19T00:30:00.000Z");
    const justBefore = new Date("2026-12-19T00:29:59.000Z");
    expect(linesChangeable("confirmed", "2026-12-20", justBefore)).toBe(true);
    expect(linesChangeable("confirmed", "2026-12-20", new Date("2026-12-19T00:30:00.000Z"))).toBe(
      false,
    );
    expect(linesChangeable("awaiting_payment", "2026-12-20", justBefore)).toBe(false);
    expect(linesChangeable("delivered", "2026-12-20", justBefore)).toBe(false);
  });

  it("value what is taken off at the quoted prices, GST included, not a lower price", () => {
    const before = [
      { productId: "paneer", quantity: 10, taxablePaise: 4000_00, gstPaise: 200_00 },
      { productId: "tomatoes", quantity: 50, taxablePaise: 2000_00, gstPaise: 0 },
    ];
    const after = [{ productId: "paneer", quantity: 6, taxablePaise: 1000_00, gstPaise: 50_00 }];
    expect(valueTakenOff(before, after)).toBe(4 * 420_00 + 2000_00);
    expect(valueTakenOff(before, before)).toBe(0);
    // A weighed line in grams: 50 kg of tomatoes at ₹40.00 a kilo, lowered to 12.5 kg.
    const kilos = [{ productId: "tomatoes", quantity: 50_000, taxablePaise: 2000_00, gstPaise: 0 }];
    const lowered = [
      { productId: "tomatoes", quantity: 12_500, taxablePaise: 500_00, gstPaise: 0 },
    ];
    expect(valueTakenOff(kilos, lowered)).toBe(1500_00);
    // 333 g taken off a kilo of paneer worth ₹42.05 with GST: 1400.265 paise, rounded once.
    const kilo = [{ productId: "paneer", quantity: 1000, taxablePaise: 4005, gstPaise: 200 }];
    const less = [{ productId: "paneer", quantity: 667, taxablePaise: 2671, gstPaise: 134 }];
    expect(valueTakenOff(kilo, less)).toBe(1400);
  });

  it("keep the advance at half the order: the difference asked for, or what is beyond it given back", () => {
    const paid = { paidPaise: 5_000_00, feePaise: 0, cashOnDelivery: false };
    expect(
      changeMoney({ status: "advance_paid", takenOffPaise: 0, toPaise: 15_000_00, ...paid }),
    ).toEqual({ feeAddedPaise: 0, refundPaise: 0, dueNowPaise: 2_500_00 });
    expect(
      changeMoney({ status: "advance_paid", takenOffPaise: 4_000_00, toPaise: 6_000_00, ...paid }),
    ).toEqual({ feeAddedPaise: 0, refundPaise: 2_000_00, dueNowPaise: 0 });
    // Once processing has begun, a quarter of what is taken off is kept.
    expect(
      changeMoney({ status: "confirmed", takenOffPaise: 4_000_00, toPaise: 6_000_00, ...paid }),
    ).toEqual({ feeAddedPaise: 1_000_00, refundPaise: 1_000_00, dueNowPaise: 0 });
    expect(balanceOf(6_000_00, 1_000_00, 4_000_00)).toBe(3_000_00);
  });

  it("ask the same difference in the mail as on the page, even when fees pass what was paid", () => {
    // Grown to Rs 400 unpaid, then shrunk back to Rs 100 once confirmed: Rs 75 kept of Rs 50 paid.
    const money = changeMoney({
      status: "confirmed",
      takenOffPaise: 300_00,
      toPaise: 100_00,
      paidPaise: 50_00,
      feePaise: 0,
      cashOnDelivery: false,
    });
    expect(money).toEqual({ feeAddedPaise: 75_00, refundPaise: 0, dueNowPaise: 50_00 });
    expect(
      differenceDue({
        quotePaise: 100_00,
        paidPaise: 50_00,
        feePaise: 75_00,
        cashOnDelivery: false,
      }),
    ).toBe(money.dueNowPaise);
    // Cash on delivery asks for nothing online: the fee is collected with the balance.
    expect(
      differenceDue({ quotePaise: 100_00, paidPaise: 0, feePaise: 75_00, cashOnDelivery: true }),
    ).toBe(0);
    expect(balanceOf(100_00, 75_00, 50_00)).toBe(125_00);
  });
});
