import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, FileUp } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { CSV_IMPORT_MAX_CHARS, type CsvImportRow } from "../../../../shared/contracts/inventory.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { formatQuantity } from "../../../../shared/rules/measure.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { useApplyImport, usePreviewImport } from "../api/catalogue-csv.ts";
import { inventoryProductsQuery } from "../api/products.ts";
import { INVENTORY_TEXT } from "../texts.ts";
import { Dialog } from "./dialog.tsx";
import { FormError } from "./version-conflict.tsx";

const text = INVENTORY_TEXT.csv;

/**
 * What a row changes. The file's stock is in grams or units; a product whose unit is not known
 * yet (the catalogue still loading) shows the bare numbers.
 */
function change(row: CsvImportRow, unit: string | undefined): string {
  const parts: string[] = [];
  if (row.price)
    parts.push(`Price ${formatRupees(row.price.fromPaise)} → ${formatRupees(row.price.toPaise)}`);
  if (row.stock) {
    const quantity = (value: number) =>
      unit ? formatQuantity(value, unit) : value.toLocaleString("en-IN");
    parts.push(text.stock(quantity(row.stock.from), quantity(row.stock.to)));
  }
  return parts.join(", ") || "No change";
}

/** Each product's unit, archived ones too, so a row's stock reads in kilograms or units. */
function useUnits(enabled: boolean): ReadonlyMap<string, string> {
  const catalogue = useQuery({
    ...inventoryProductsQuery({ includeArchived: true }),
    enabled,
    refetchInterval: false,
  });
  const products = catalogue.data?.products;
  return useMemo(
    () => new Map((products ?? []).map((product) => [product.id, product.unit])),
    [products],
  );
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
  const units = useUnits(open);

  const close = (next: boolean) => {
    if (!next) {
      setCsv(undefined);
      setFileProblem(undefined);
      preview.reset();
      apply.reset();
    }
    onOpenChange(next);
  };

  const choose = async (file: File | undefined) => {
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
  const blocked =
    !result || result.errors > 0 || result.fileErrors.length > 0 || result.changes === 0;

  const applyAll = async () => {
    if (!csv || !result) return;
    try {
      const done = await apply.mutateAsync({ csv, token: result.token });
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
              {result.changes} {result.changes === 1 ? "change" : "changes"}, {result.errors}{" "}
              {result.errors === 1 ? "error" : "errors"}
              {result.errors > 0 && ": fix the file and choose it again. Nothing has been changed."}
            </p>
            {result.fileErrors.length > 0 && (
              <ul className="list-inside list-disc text-sm text-red-800">
                {result.fileErrors.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
            {result.rows.length > 0 && (
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
                    {result.rows.map((row) => (
                      <tr key={row.line} className={row.error ? "bg-red-50" : undefined}>
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
                          {row.error ?? change(row, units.get(row.id))}
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
