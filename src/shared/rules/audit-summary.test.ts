import { describe, expect, it } from "vitest";
import { actionLabel, auditChanges, fieldLabel } from "./audit-summary.ts";

describe("an audit entry as people read it", () => {
  it("lists only the fields that changed, in words", () => {
    expect(
      auditChanges(
        { pricePaise: 4000, lowStockThreshold: 10, name: "Mango" },
        { pricePaise: 4500, lowStockThreshold: 10, name: "Mango" },
      ),
    ).toEqual([{ field: "price", before: "₹40.00", after: "₹45.00" }]);
  });

  it("shows a creation or removal as every field from or to nothing", () => {
    expect(auditChanges(null, { stock: 5 })).toEqual([{ field: "stock", before: "—", after: "5" }]);
    expect(auditChanges({ stock: 5 }, undefined)).toEqual([
      { field: "stock", before: "5", after: "—" },
    ]);
  });

  it("shortens long values and compares nested ones by content", () => {
    const long = "x".repeat(200);
    const [change] = auditChanges({ note: "" }, { note: long });
    expect(change!.after.length).toBe(60);
    expect(change!.after.endsWith("…")).toBe(true);
    expect(auditChanges({ tags: ["a"] }, { tags: ["a"] })).toEqual([]);
    expect(auditChanges(3, 4)).toEqual([{ field: "value", before: "3", after: "4" }]);
  });

  it("reads actions and field names as words", () => {
    expect(actionLabel("stock.write_off")).toBe("stock write off");
    expect(fieldLabel("unitCostPaise")).toBe("unit cost");
  });
});

describe("money in the audit log", () => {
  it("reads amounts recorded in paise as rupees, under the field's name without the unit", () => {
    expect(auditChanges({ quotePaise: null }, { quotePaise: 18_000_00 })).toEqual([
      { field: "quote", before: "—", after: "₹18,000.00" },
    ]);
  });
});
