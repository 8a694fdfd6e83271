// The import preview's rows as the manager reads them: what needs attention first.
import { CSV_ROW_STATUSES, type CsvImportRow } from "../../../../shared/contracts/inventory.ts";

export const CSV_PREVIEW_FILTERS = ["all", "changes", "errors"] as const;
export type CsvPreviewFilter = (typeof CSV_PREVIEW_FILTERS)[number];

const rank = (row: CsvImportRow) =>
  CSV_ROW_STATUSES.indexOf(row.status) * 2 + (row.price?.large ? 0 : 1);

/** Errors, then changes (large price jumps first), then skipped rows, unchanged last; by line within. */
export function previewRows(
  rows: readonly CsvImportRow[],
  filter: CsvPreviewFilter,
): CsvImportRow[] {
  const shown = rows.filter(
    (row) =>
      filter === "all" || (filter === "errors" ? row.status === "error" : row.status === "changed"),
  );
  return shown.sort((a, b) => rank(a) - rank(b) || a.line - b.line);
}
