import { CheckCircle2, FileUp } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { CSV_IMPORT_MAX_CHARS, type CsvImportRow } from "../../../../shared/contracts/inventory.ts";
import { formatQuantity } from "../../../../shared/rules/measure.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { Segmented } from "../../staff/ui/segmented.tsx";
import { useApplyImport, usePreviewImport } from "../api/catalogue-csv.ts";
import { INVENTORY_TEXT } from "../texts.ts";
import { CSV_PREVIEW_FILTERS, type CsvPreviewFilter, previewRows } from "./csv-preview-rows.ts";
import { Dialog } from "./dialog.tsx";
import { FormError } from "./version-conflict.tsx";

const text = INVENTORY_TEXT.csv;

/** What a row changes, its stock in the product's unit (grams read as kilograms). */
function change(row: CsvImportRow): string {
  const parts: string[] = [];
  if (row.price) parts.push(text.price(row.price.fromPaise, row.price.toPaise));
  if (row.stock) {
    const quantity = (value: number) =>
      row.unit ? formatQuantity(value, row.unit) : value.toLocaleString("en-IN");
    parts.push(text.stock(quantity(row.stock.from), quantity(row.stock.to)));
  }
  if (row.status === "skipped") return text.skippedRow;
  return parts.join(", ") || text.noChange;
}

/** Choose a file, see every row's change and error, then apply all of it or none. */
export function CsvImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const id = useId();
  const [csv, setCsv] = useState<string>();
  const [fileProblem, setFileProblem] = useState<string>();
  const preview = usePreviewImport();
  const apply = useApplyImport();
  const [filter, setFilter] = useState<CsvPreviewFilter>("all");
  const [confirmed, setConfirmed] = useState(false);

  const close = (next: boolean) => {
    if (!next) {
      setFilter("all");
      setConfirmed(false);
      setCsv(undefined);
      setFileProblem(undefined);
      preview.reset();
      apply.reset();
    }
    onOpenChange(next);
  };

  const choose = async (file: File | undefined) => {
    setFilter("all");
    setConfirmed(false);
    preview.reset();
    apply.reset();
    setCsv(undefined);
    setFileProblem(undefined);
    if (!file) return;
    if (file.size > CSV_IMPORT_MAX_CHARS) return setFileProblem("The CSV file is larger than 1 MB");
    const text = await file.text();
    setCsv(text);
    preview.mutate(text);
  };

  const result = preview.data;
  const shown = useMemo(() => (result ? previewRows(result.rows, filter) : []), [result, filter]);
  const blocked =
    !result ||
    result.errors > 0 ||
    result.fileErrors.length > 0 ||
    result.changes === 0 ||
    (result.largePriceChanges > 0 && !confirmed);

  const applyAll = async () => {
    if (!csv || !result) return;
    try {
      const done = await apply.mutateAsync({
        csv,
        token: result.token,
        confirmLargePriceChanges: confirmed,
      });
      toast.success(
        `Applied ${done.applied} ${done.applied === 1 ? "row" : "rows"}: ${done.priceChanges} price and ${done.stockChanges} stock changes`,
      );
      close(false);
    } catch {
      // Shown above the table.
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      wide
      title="Import price and stock changes"
      description={text.description}
    >
      <div className="space-y-5">
        <div>
          <label htmlFor={id} className="block text-sm font-semibold text-ink-700">
            CSV file
          </label>
          <input
            id={id}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void choose(event.target.files?.[0])}
            className="mt-1.5 block w-full text-sm text-ink-700 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
          />
          <p className="mt-1 text-xs text-ink-500">
            Tip: export the catalogue, change the price and stock columns, and import it back.
          </p>
        </div>

        {fileProblem && <FormError message={fileProblem} />}
        {preview.isError && <FormError message={errorMessage(preview.error)} />}
        {apply.isError && <FormError message={errorMessage(apply.error)} />}
        {preview.isPending && (
          <p className="text-sm text-ink-500" role="status">
            Checking the file…
          </p>
        )}

        {result && (
          <div className="space-y-3">
            <p
              role="status"
              className={cn(
                "rounded-2xl p-3 text-sm font-semibold",
                result.errors > 0 || result.fileErrors.length > 0
                  ? "bg-red-50 text-red-800"
                  : "bg-brand-50 text-brand-800",
              )}
              data-testid="import-summary"
            >
              {text.counts(result)}
              {result.errors > 0 && text.fixErrors}
            </p>
            {result.fileErrors.length > 0 && (
              <ul className="list-inside list-disc text-sm text-red-800">
                {result.fileErrors.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
            {result.skipped > 0 && (
              <p className="text-sm text-ink-700">{text.skipped(result.skipped)}</p>
            )}
            {result.largePriceChanges > 0 && result.errors === 0 && (
              <div className="rounded-2xl border border-saffron-500/50 bg-saffron-400/15 p-3">
                <Checkbox
                  id={`${id}-confirm`}
                  label={text.confirmLarge(result.largePriceChanges)}
                  description={text.confirmLargeHint}
                  checked={confirmed}
                  onChange={(event) => setConfirmed(event.target.checked)}
                />
              </div>
            )}
            {result.rows.length > 0 && (
              <Segmented<CsvPreviewFilter>
                label={text.filterLabel}
                options={CSV_PREVIEW_FILTERS.map((value) => ({
                  value,
                  label: text.filter(value, result),
                }))}
                value={filter}
                onChange={setFilter}
              />
            )}
            {shown.length === 0 && result.rows.length > 0 && (
              <p className="text-sm text-ink-500">{text.nothingShown(filter)}</p>
            )}
            {shown.length > 0 && (
              <div className="max-h-80 overflow-auto rounded-2xl bg-white shadow-card">
                <table className="w-full text-left text-sm" data-testid="import-preview">
                  <caption className="sr-only">Each row of the file and what it changes</caption>
                  <thead className="sticky top-0 bg-cream-50 text-xs uppercase tracking-wide text-ink-500">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        Line
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Product
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Change or error
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-cream-200">
                    {shown.map((row) => (
                      <tr
                        key={row.line}
                        className={
                          row.error
                            ? "bg-red-50"
                            : row.price?.large
                              ? "bg-saffron-400/15"
                              : undefined
                        }
                      >
                        <td className="px-3 py-2 tabular-nums text-ink-500">{row.line}</td>
                        <th scope="row" className="px-3 py-2 font-semibold text-ink-900">
                          {row.name ?? row.id}
                          {row.name && (
                            <span className="block text-xs font-normal text-ink-500">{row.id}</span>
                          )}
                        </th>
                        <td
                          className={cn(
                            "px-3 py-2",
                            row.error ? "font-semibold text-red-800" : "text-ink-700",
                          )}
                        >
                          {row.error ?? change(row)}
                          {row.price?.large && (
                            <span className="mt-1 block text-xs font-semibold text-ink-900">
                              {text.largeJump(row.price.fromPaise, row.price.toPaise)}
                            </span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        )}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button onClick={applyAll} disabled={blocked || apply.isPending}>
            {result && !blocked ? (
              <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
            ) : (
              <FileUp aria-hidden="true" className="h-4 w-4" />
            )}
            {apply.isPending ? "Applying…" : "Apply"}
            {result && !blocked
              ? ` ${result.changes} ${result.changes === 1 ? "change" : "changes"}`
              : ""}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
