import { describe, expect, it } from "vitest";
import { fill, readFilled } from "./fill.ts";

describe("fill", () => {
  it("writes each placeholder with its value, numbers as they are", () => {
    expect(
      fill("Order {orderNumber} is placed; {time} left, {time} to go.", {
        orderNumber: "FHH-000123",
        time: "4:59",
      }),
    ).toBe("Order FHH-000123 is placed; 4:59 left, 4:59 to go.");
    expect(fill("Must be at most {max} characters", { max: 120 })).toBe(
      "Must be at most 120 characters",
    );
    expect(fill("Event discount ({ percent }%)", { percent: 7.5 })).toBe("Event discount (7.5%)");
  });

  it("leaves a placeholder without a value, and a text without any, as they are", () => {
    expect(fill("{name}: {quantity} in your cart", { name: "Tomatoes" })).toBe(
      "Tomatoes: {quantity} in your cart",
    );
    expect(fill("Payment failed.", {})).toBe("Payment failed.");
    expect(fill("{toString} {__proto__}", {})).toBe("{toString} {__proto__}");
  });

  it("writes values as given, even ones that look like placeholders or replacement patterns", () => {
    expect(fill("{a} and {b}", { a: "{b}", b: "$& $1" })).toBe("{b} and $& $1");
  });
});

describe("readFilled", () => {
  const TOO_LONG = "Must be at most {max} characters";
  const OPEN = "Your order {orderNumber} is not finished yet. (Ask about {orderNumber}.)";

  it("reads back the values fill wrote", () => {
    expect(readFilled(TOO_LONG, fill(TOO_LONG, { max: 80 }))).toEqual({ max: "80" });
    const open = fill(OPEN, { orderNumber: "FHH-000042" });
    expect(readFilled(OPEN, open)).toEqual({ orderNumber: "FHH-000042" });
    expect(readFilled("Payment failed.", "Payment failed.")).toEqual({});
  });

  it("knows nothing else: another text, a different repeat, a part of the text", () => {
    expect(readFilled(TOO_LONG, "Must be at most  characters")).toBeUndefined();
    expect(readFilled(TOO_LONG, "Name must be at most 80 characters")).toBeUndefined();
    expect(readFilled(TOO_LONG, "Must be at most 80 characters.")).toBeUndefined();
    expect(
      readFilled(OPEN, "Your order FHH-1 is not finished yet. (Ask about FHH-2.)"),
    ).toBeUndefined();
    // Characters that mean something in a pattern are read as themselves.
    expect(readFilled("Advance ({percent}%)?", "Advance (50%)?")).toEqual({ percent: "50" });
    expect(readFilled("Advance ({percent}%)?", "Advance 50%")).toBeUndefined();
  });
});
