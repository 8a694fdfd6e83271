// The confirm step of a bulk action on the selected products: what will change, product by
// product, and the one button that changes them all (or, if one changed meanwhile, none).
import { type FormEvent, useId, useRef, useState } from "react";
import { CATEGORY_IDS, CATEGORY_NAMES, type CategoryId } from "../../../../shared/catalogue.ts";
import type { InventoryProductRow } from "../../../../shared/contracts/inventory.ts";
import type { BulkAction } from "../../../../shared/contracts/inventory-bulk.ts";
import { formatRupees } from "../../../../shared/money.ts";
import {
  isLargePercent,
  LARGE_PRICE_CHANGE_SHARE,
  PRICE_CHANGE_MESSAGES,
  parsePricePercent,
  priceAfterPercent,
} from "../../../../shared/rules/price-change.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Field, Input, Select } from "../../../components/ui/field.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useBulkProducts } from "../api/bulk-products.ts";
import { INVENTORY_TEXT } from "../texts.ts";
import { Dialog } from "./dialog.tsx";
import { FormError, isVersionConflict, VersionConflict } from "./version-conflict.tsx";

const text = INVENTORY_TEXT.bulk;

/**
 * One Idempotency-Key per request body: pressing again after a lost answer sends the same key
 * (answered once, never applied twice); a changed request (other products, versions or
 * percentage) is a new attempt with a new key.
 */
function useAttemptKeys() {
  const last = useRef<{ body: string; key: string } | undefined>(undefined);
  return (body: object) => {
    const json = JSON.stringify(body);
    if (last.current?.body !== json) last.current = { body: json, key: crypto.randomUUID() };
    return last.current.key;
  };
}

function titleOf(action: BulkAction, count: number): string {
  switch (action) {
    case "archive":
      return text.archiveTitle(count);
    case "restore":
      return text.restoreTitle(count);
    case "category":
      return text.categoryTitle(count);
    case "price":
      return text.priceTitle(count);
  }
}

function PricePreview({
  products,
  percent,
}: {
  products: InventoryProductRow[];
  percent: number | undefined;
}) {
  if (percent === undefined) return <p className="text-sm text-ink-500">{text.previewEmpty}</p>;
  return (
    <div className="max-h-72 overflow-y-auto rounded-2xl bg-white shadow-card">
      <table className="w-full text-left text-sm" data-testid="price-preview">
        <caption className="sr-only">{text.previewCaption}</caption>
        <thead className="sticky top-0 bg-cream-50 text-xs uppercase tracking-wide text-ink-500">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {text.previewProduct}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {text.previewNow}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {text.previewNew}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-cream-200">
          {products.map((product) => (
            <tr key={product.id}>
              <th scope="row" className="px-3 py-2 font-semibold text-ink-900">
                {product.name}
              </th>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums text-ink-500">
                {formatRupees(product.pricePaise)}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right font-semibold tabular-nums">
                <span aria-hidden="true">→ </span>
                {formatRupees(priceAfterPercent(product.pricePaise, percent))}
                <span className="text-xs font-normal text-ink-500"> / {product.unit}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NameList({ products }: { products: InventoryProductRow[] }) {
  return (
    <ul className="max-h-48 overflow-y-auto rounded-2xl bg-white p-3 text-sm shadow-card">
      {products.map((product) => (
        <li key={product.id} className="py-0.5 text-ink-900">
          {product.name}
        </li>
      ))}
    </ul>
  );
}

export function BulkActionDialog({
  action,
  products,
  onClose,
  onDone,
}: {
  action: BulkAction | undefined;
  products: InventoryProductRow[];
  onClose(): void;
  /** After the change: what to announce. */
  onDone(message: string): void;
}) {
  return (
    <Dialog
      open={action !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={action ? titleOf(action, products.length) : ""}
    >
      {action && <BulkForm action={action} products={products} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
}

function BulkForm({
  action,
  products,
  onClose,
  onDone,
}: {
  action: BulkAction;
  products: InventoryProductRow[];
  onClose(): void;
  onDone(message: string): void;
}) {
  const id = useId();
  const bulk = useBulkProducts();
  const keyFor = useAttemptKeys();
  const [category, setCategory] = useState<CategoryId | "">("");
  const [percentText, setPercentText] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<string>();
  const percent = parsePricePercent(percentText);
  const large = percent !== undefined && isLargePercent(percent);
  const count = products.length;

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    bulk.reset();
    const named = products.map(({ id, version }) => ({ id, version }));
    let body: object;
    if (action === "category") {
      if (!category) return setProblem(text.categoryRequired);
      body = { products: named, category };
    } else if (action === "price") {
      if (percent === undefined) return setProblem(PRICE_CHANGE_MESSAGES.percentInvalid);
      if (large && !confirmed) return setProblem(PRICE_CHANGE_MESSAGES.largeChange);
      body = { products: named, percent, confirmLargeChange: large };
    } else {
      body = { products: named };
    }
    bulk.mutate(
      { action, body, idempotencyKey: keyFor({ action, body }) },
      {
        onSuccess: (result) => {
          const changed = result.changed.length;
          onDone(
            action === "category"
              ? text.done.category(changed, CATEGORY_NAMES[category as CategoryId])
              : text.done[action](changed),
          );
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {action === "archive" && <p className="text-sm text-ink-700">{text.archiveNote}</p>}
      {action === "restore" && <p className="text-sm text-ink-700">{text.restoreNote}</p>}
      {action === "category" && (
        <Field id={`${id}-category`} label={text.categoryLabel} required>
          <Select
            value={category}
            onChange={(event) => setCategory(event.target.value as CategoryId | "")}
          >
            <option value="">{text.categoryChoose}</option>
            {CATEGORY_IDS.map((value) => (
              <option key={value} value={value}>
                {CATEGORY_NAMES[value]}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {action === "price" && (
        <>
          <Field id={`${id}-percent`} label={text.percentLabel} required>
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder="+10"
              value={percentText}
              aria-describedby={`${id}-percent-hint`}
              onChange={(event) => {
                setPercentText(event.target.value);
                setConfirmed(false);
              }}
            />
          </Field>
          <p id={`${id}-percent-hint`} className="-mt-3 text-xs text-ink-500">
            {text.percentHint}
          </p>
          <PricePreview products={products} percent={percent} />
          {large && (
            <Checkbox
              id={`${id}-confirm`}
              label={text.confirmLarge(LARGE_PRICE_CHANGE_SHARE * 100)}
              description={text.confirmLargeHint}
              checked={confirmed}
              onChange={(event) => setConfirmed(event.target.checked)}
            />
          )}
        </>
      )}
      {action !== "price" && <NameList products={products} />}

      {/* The refusal sits beside the buttons the person just pressed. */}
      {problem ? (
        <FormError message={problem} />
      ) : bulk.isError && isVersionConflict(bulk.error) ? (
        <VersionConflict message={bulk.error.message} onReload={() => bulk.reset()} />
      ) : bulk.isError ? (
        <FormError message={errorMessage(bulk.error)} />
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          {text.cancel}
        </Button>
        <Button
          type="submit"
          variant={action === "archive" ? "danger" : "primary"}
          disabled={bulk.isPending}
        >
          {bulk.isPending ? text.working : text.apply[action](count)}
        </Button>
      </div>
    </form>
  );
}
