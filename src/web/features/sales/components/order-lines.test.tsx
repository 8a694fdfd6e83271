// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SalesOrder, SalesOrderLine } from "../../../../shared/contracts/sales.ts";
import { OrderLines } from "./order-lines.tsx";

function line(
  productId: string,
  name: string,
  unit: string,
  quantities: { ordered: number; supplied: number; packed?: number },
): SalesOrderLine {
  return {
    productId,
    name,
    unit,
    hsnCode: "0702",
    unitPricePaise: 4_000,
    quantity: quantities.supplied,
    orderedQuantity: quantities.ordered,
    packedQuantity: quantities.packed ?? null,
    gstRateBps: 0,
    taxablePaise: 0,
    gstPaise: 0,
  };
}

const order = (lines: SalesOrderLine[]) =>
  ({
    weightTolerancePercent: 10,
    lines,
    subtotalPaise: 0,
    gstPaise: 0,
    deliveryFeePaise: 0,
    totalPaise: 0,
  }) as unknown as SalesOrder;

afterEach(cleanup);

describe("an order's lines for the sales manager", () => {
  it("shows quantities in grams, kilograms or units, and a line packed otherwise than ordered", () => {
    render(
      <OrderLines
        order={order([
          line("tomatoes", "Tomatoes", "kg", { ordered: 1_000, supplied: 1_000, packed: 1_040 }),
          line("onions", "Onions", "kg", { ordered: 750, supplied: 600, packed: 600 }),
          line("spinach", "Spinach", "bunch", { ordered: 3, supplied: 2 }),
          line("paneer", "Paneer", "pack", { ordered: 1, supplied: 1 }),
        ])}
      />,
    );
    const rows = screen.getAllByTestId("sales-order-line").map((row) => row.textContent);
    expect(rows[0]).toContain("× 1 kg");
    expect(rows[0]).toContain("Weighed");
    expect(rows[0]).toContain("Tomatoes 1 kg ordered, 1.04 kg packed, charged for 1 kg");
    expect(rows[1]).toContain("× 600 g");
    expect(rows[1]).toContain("Short");
    expect(rows[1]).toContain("Onions 750 g ordered, 600 g packed");
    expect(rows[2]).toContain("Spinach 3 bunch ordered, 2 bunch packed");
    expect(rows[3]).toContain("× 1 pack");
    expect(rows[3]).not.toContain("ordered");
  });
});
