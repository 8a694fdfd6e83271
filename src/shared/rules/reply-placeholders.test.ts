import { describe, expect, it } from "vitest";
import { fillPlaceholders, leftPlaceholders, NO_ORDER } from "./reply-placeholders.ts";

const facts = { customerName: "Asha Rani Das", orderNumber: "FHH-004821", reference: "SUP-000317" };

describe("a saved reply's placeholders", () => {
  it("fills the customer's first name, the order and the ticket, however often and spaced", () => {
    expect(fillPlaceholders("Hi {name}, about {order} ({ticket}). Thanks, { NAME }!", facts)).toBe(
      "Hi Asha, about FHH-004821 (SUP-000317). Thanks, Asha!",
    );
  });

  it("reads a neutral word for a ticket without an order, and a greeting for a nameless one", () => {
    expect(
      fillPlaceholders("{name}: {order} is on its way.", {
        ...facts,
        customerName: "  ",
        orderNumber: "",
      }),
    ).toBe(`Valued Customer: ${NO_ORDER} is on its way.`);
  });

  it("leaves an unknown placeholder as written and names it", () => {
    const filled = fillPlaceholders("Delivered on {order_date} to {name}. {oops", facts);
    expect(filled).toBe("Delivered on {order_date} to Asha. {oops");
    expect(leftPlaceholders(filled)).toEqual(["{order_date}"]);
    expect(leftPlaceholders("{ x } and {x} and { x }")).toEqual(["{ x }", "{x}"]);
    expect(leftPlaceholders("No braces here, or {} or {1}.")).toEqual([]);
  });

  it("does not fill what a customer's name would look like as a placeholder", () => {
    expect(fillPlaceholders("Hi {name}", { ...facts, customerName: "{order} Das" })).toBe(
      "Hi {order}",
    );
  });
});
