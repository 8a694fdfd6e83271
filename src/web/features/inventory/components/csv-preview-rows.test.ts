import { describe, expect, it } from "vitest";
import type { CsvImportRow } from "../../../../shared/contracts/inventory.ts";
import { previewRows } from "./csv-preview-rows.ts";

const row = (line: number, status: CsvImportRow["status"], large = false): CsvImportRow => ({
  line,
  id: `p${line}`,
  name: null,
  unit: null,
  status,
  price: status === "changed" ? { fromPaise: 100, toPaise: large ? 1000 : 110, large } : null,
  stock: null,
  error: status === "error" ? "bad" : null,
});

describe("the import preview's rows", () => {
  const rows = [
    row(2, "unchanged"),
    row(3, "changed"),
    row(4, "skipped"),
    row(5, "error"),
    row(6, "changed", true),
    row(7, "error"),
  ];

  it("put errors and changes first, large price jumps before other changes, unchanged last", () => {
    expect(previewRows(rows, "all").map((r) => r.line)).toEqual([5, 7, 6, 3, 4, 2]);
  });

  it("filter to the changes or the errors", () => {
    expect(previewRows(rows, "changes").map((r) => r.line)).toEqual([6, 3]);
    expect(previewRows(rows, "errors").map((r) => r.line)).toEqual([5, 7]);
  });
});
