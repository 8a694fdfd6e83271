import { describe, expect, it } from "vitest";
import { deliveryCountdown } from "./delivery-countdown.ts";

const placedAt = "2026-11-23T13:00:00.000Z";
const at = (minutes: number) => new Date(Date.parse(placedAt) + minutes * 60_000);
const open = { status: "confirmed" as const, placedAt, deliveredAt: null };

describe("the delivery countdown", () => {
  it("counts down to 60 minutes after placing, expecting the order from 30", () => {
    expect(deliveryCountdown(open, at(0))).toEqual({
      kind: "due",
      earliest: "2026-11-23T13:30:00.000Z",
      latest: "2026-11-23T14:00:00.000Z",
      minutesLeft: 60,
    });
    expect(deliveryCountdown(open, at(42.5))).toMatchObject({ kind: "due", minutesLeft: 18 });
    // Thirty seconds to go still reads one minute, never zero.
    expect(deliveryCountdown(open, at(59.5))).toMatchObject({ kind: "due", minutesLeft: 1 });
  });

  it("says how late an undelivered order is once the hour has passed", () => {
    expect(deliveryCountdown({ ...open, status: "out_for_delivery" }, at(75))).toEqual({
      kind: "late",
      latest: "2026-11-23T14:00:00.000Z",
      minutesLate: 15,
    });
  });

  it("stops counting once delivered, saying whether it was on time", () => {
    const delivered = { status: "delivered" as const, placedAt };
    expect(deliveryCountdown({ ...delivered, deliveredAt: at(45).toISOString() }, at(300))).toEqual(
      { kind: "delivered", at: at(45).toISOString(), onTime: true },
    );
    expect(
      deliveryCountdown({ ...delivered, deliveredAt: at(61).toISOString() }, at(300)),
    ).toMatchObject({ kind: "delivered", onTime: false });
  });

  it("does not count for a cancelled order or one still awaiting its payment", () => {
    expect(deliveryCountdown({ ...open, status: "cancelled" }, at(10))).toEqual({
      kind: "cancelled",
    });
    expect(deliveryCountdown({ ...open, status: "awaiting_payment" }, at(10))).toEqual({
      kind: "awaiting_payment",
    });
  });
});
