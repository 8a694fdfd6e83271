// Customer Relations' quote: catalogue lines (product, quantity, the day's price per unit), the
// event discount and the delivery charge, previewed by the shared pricing rule as typed; the
// server reads each product again and prices the quote by the same rule. What is sold by weight
// is typed in kilograms ("12.5") and sent in grams.
import { Plus, Send, Trash2 } from "lucide-react";
import { useId } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import type { z } from "zod";
import {
  BULK_QUOTE_NOTES_MAX,
  type StaffBulkOrder,
  staffQuoteSchema,
} from "../../../../shared/contracts/bulk-pipeline.ts";
import type { ProductList } from "../../../../shared/contracts/catalogue.ts";
import { fill } from "../../../../shared/i18n/fill.ts";
import { formatRupees, rupeesToPaise } from "../../../../shared/money.ts";
import {
  CHANGE_TEXT,
  FEE_NOTE_VALUES,
  untilValues,
} from "../../../../shared/rules/bulk-changes.ts";
import { processingBegun } from "../../../../shared/rules/bulk-order-status.ts";
import { quoteBreakdown, quoteSummaryRows } from "../../../../shared/rules/bulk-quote.ts";
import { isWeighed, parseQuantityText, quantityText } from "../../../../shared/rules/measure.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Field, Input, Select, Textarea } from "../../../components/ui/field.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useCheckedForm } from "../../../lib/checked-form.ts";
import type { FormChecks } from "../../../lib/form-checks.ts";
import { schemaChecks } from "../../../lib/schema-checks.ts";
import { useProducts } from "../../catalogue/api/products.ts";
import { RELATIONS_TEXT } from "../texts.ts";
import { MoveSection, useSend } from "./bulk-move-parts.tsx";

const text = RELATIONS_TEXT.bulk;

/** What the form needs of a product: the catalogue's, or a quoted one the shop stopped selling. */
type QuotableProduct = Pick<
  ProductList["products"][number],
  "id" | "name" | "pricePaise" | "gstRateBps"
> & { unit: string };

type LineDraft = { productId: string; quantity: string; rupees: string };
type QuoteDraft = {
  lines: LineDraft[];
  discount: string;
  delivery: string;
  notes: string;
  approveCod: boolean;
};
type StaffQuote = z.output<typeof staffQuoteSchema>;

/** Typed text as a number for the schema to judge; nothing typed is left out. */
const numberOf = (typed: string) =>
  typed.trim() === "" ? undefined : Number(typed.replaceAll(",", "").trim());
const paiseOf = (typed: string) => {
  const rupees = numberOf(typed);
  return rupees === undefined || Number.isNaN(rupees) ? rupees : rupeesToPaise(rupees);
};

/** A product's unit by its id, once the product is chosen and known. */
type UnitOf = (productId: string) => string | undefined;

/**
 * A line's quantity as typed, in grams or units: kilograms with up to 3 decimals for a weighed
 * product, whole units otherwise; the shared rule's words when it is no quantity. Before a product
 * is chosen the schema judges the number as it is.
 */
function quantityOf(typed: string, unit: string | undefined) {
  if (typed.trim() === "") return { quantity: undefined };
  if (!unit) return { quantity: numberOf(typed) };
  return parseQuantityText(typed, unit);
}

function requestOf(draft: QuoteDraft, version: number, unitOf: UnitOf) {
  return {
    lines: draft.lines.map((line) => {
      const read = quantityOf(line.quantity, unitOf(line.productId));
      return {
        productId: line.productId,
        quantity: "quantity" in read ? read.quantity : Number.NaN,
        listPricePaise: paiseOf(line.rupees),
      };
    }),
    discountPercent: numberOf(draft.discount) ?? 0,
    deliveryChargePaise: paiseOf(draft.delivery) ?? 0,
    approveCod: draft.approveCod,
    notes: draft.notes,
    version,
  };
}

/**
 * The shared schema's problems, each on the field that holds it (a price is typed in rupees); a
 * quantity that is no quantity in its product's unit says so in the shared rule's words.
 */
function quoteChecks(version: number, unitOf: UnitOf): FormChecks<QuoteDraft, StaffQuote> {
  const checks = schemaChecks<typeof staffQuoteSchema, QuoteDraft>(staffQuoteSchema, {
    request: (draft) => requestOf(draft, version, unitOf),
    fieldOf: { discountPercent: "discount", deliveryChargePaise: "delivery" },
  });
  return (draft) => {
    const checked = checks(draft);
    if (checked.ok) return checked;
    const problems = Object.fromEntries(
      Object.entries(checked.problems).map(([field, message]) => [
        field.replace(/\.listPricePaise$/, ".rupees"),
        message,
      ]),
    );
    draft.lines.forEach((line, index) => {
      const read = quantityOf(line.quantity, unitOf(line.productId));
      if ("problem" in read) problems[`lines.${index}.quantity`] = read.problem;
    });
    return { ok: false, problems };
  };
}

function draftOf(order: StaffBulkOrder): QuoteDraft {
  const quote = order.quote;
  return {
    lines: quote
      ? quote.lines.map((line) => ({
          productId: line.productId,
          quantity: quantityText(line.quantity, line.unit),
          rupees: String(line.listPricePaise / 100),
        }))
      : [{ productId: "", quantity: "", rupees: "" }],
    discount: String(quote?.discountPercent ?? 0),
    delivery: quote ? String(quote.deliveryChargePaise / 100) : "0",
    notes: order.quoteNotes,
    approveCod: order.codApproved,
  };
}

/** The catalogue's products, and any quoted one the shop has stopped selling, by name. */
function quotableProducts(
  sold: readonly QuotableProduct[],
  order: StaffBulkOrder,
): QuotableProduct[] {
  // A product already in the quote stays choosable even once the shop has stopped selling it.
  const kept: QuotableProduct[] = (order.quote?.lines ?? [])
    .filter((line) => !sold.some((product) => product.id === line.productId))
    .map((line) => ({
      id: line.productId,
      name: line.name,
      unit: line.unit,
      pricePaise: line.listPricePaise,
      gstRateBps: line.gstRateBps,
    }));
  return [...sold, ...kept].sort((a, b) => a.name.localeCompare(b.name));
}

/** The quote as it stands while typed: only lines that make sense yet are counted. */
function QuotePreview({
  draft,
  products,
  withPayments,
}: {
  draft: QuoteDraft;
  products: readonly QuotableProduct[];
  /** A quote's advance and balance; after the advance, the sheet says what was paid. */
  withPayments: boolean;
}) {
  const lines = draft.lines.flatMap((line) => {
    const product = products.find((candidate) => candidate.id === line.productId);
    const price = paiseOf(line.rupees);
    if (!product || !price) return [];
    const read = parseQuantityText(line.quantity, product.unit);
    if (!("quantity" in read) || read.quantity === 0) return [];
    return [
      {
        listPricePaise: price,
        quantity: read.quantity,
        unit: product.unit,
        gstRateBps: product.gstRateBps,
      },
    ];
  });
  const quote = quoteBreakdown(lines, {
    discountPercent: numberOf(draft.discount) || 0,
    deliveryChargePaise: paiseOf(draft.delivery) || 0,
  });
  const rows: [string, string][] = [
    [text.listSubtotal, formatRupees(quote.listSubtotalPaise)],
    ...quoteSummaryRows(quote, { withPayments }),
  ];
  return (
    <dl aria-label={text.preview} className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-500">{label}</dt>
          <dd className="text-right font-medium text-ink-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The quote before the advance, or (`change`) the lines changed after it: then no notes or cash
 * approval, and the server keeps the advance at half of the new quote.
 */
export function QuoteForm({ order, change = false }: { order: StaffBulkOrder; change?: boolean }) {
  const id = useId();
  const catalogue = useProducts();
  const { send, pending } = useSend(order);
  const products = quotableProducts(catalogue.data?.products ?? [], order);
  const unitOf: UnitOf = (productId) => products.find((product) => product.id === productId)?.unit;
  const form = useCheckedForm(quoteChecks(order.version, unitOf), {
    defaultValues: draftOf(order),
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const lines = useFieldArray({ control: form.control, name: "lines" });
  const draft = useWatch({ control: form.control }) as QuoteDraft;
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async ({ notes: _notes, approveCod: _cod, ...quote }) => {
    const refusal = change
      ? await send(
          { kind: "lines", ...quote },
          fill(CHANGE_TEXT.saved, { ticketId: order.ticketId }),
        )
      : await send(
          { kind: "quote", ...quote, notes: _notes, approveCod: _cod },
          text.quoted(order.ticketId),
        );
    if (refusal) form.setError("root", { message: refusal });
  });

  if (catalogue.isPending) return <Spinner label={text.loadingCatalogue} />;
  if (catalogue.isError) {
    return <LoadError error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  }
  const unitOfLine = (index: number) => unitOf(draft.lines?.[index]?.productId ?? "");

  return (
    <MoveSection title={change ? CHANGE_TEXT.deskHeading : text.quoteHeading}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {change ? (
          <p className="text-sm text-ink-500">
            {fill(CHANGE_TEXT.until, untilValues(order.deliveryDate))}{" "}
            {processingBegun(order.status) && fill(CHANGE_TEXT.feeNote, FEE_NOTE_VALUES)}
          </p>
        ) : (
          order.quotePaise !== null && <p className="text-sm text-ink-500">{text.requote}</p>
        )}
        {typeof errors.lines?.message === "string" && (
          <p className="text-sm text-red-700" role="alert">
            {errors.lines.message}
          </p>
        )}
        {lines.fields.map((field, index) => {
          const unit = unitOfLine(index);
          const lineErrors = errors.lines?.[index];
          return (
            <fieldset key={field.id} className="space-y-2 rounded-xl border border-ink-500/20 p-3">
              <legend className="px-1 text-sm font-semibold text-ink-700">
                {text.line(index + 1)}
              </legend>
              <Field
                id={`${id}-${field.id}-product`}
                label={text.product}
                error={lineErrors?.productId?.message}
              >
                <Select
                  {...form.register(`lines.${index}.productId`, {
                    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
                      const chosen = products.find((product) => product.id === event.target.value);
                      if (chosen)
                        form.setValue(`lines.${index}.rupees`, String(chosen.pricePaise / 100));
                    },
                  })}
                >
                  <option value="">{text.chooseProduct}</option>
                  {products.map((product) => (
                    <option key={product.id} value={product.id}>
                      {text.productOption(
                        product.name,
                        product.unit,
                        formatRupees(product.pricePaise),
                      )}
                    </option>
                  ))}
                </Select>
              </Field>
              <div className="grid gap-2 sm:grid-cols-2">
                <Field
                  id={`${id}-${field.id}-quantity`}
                  label={text.quantity(unit)}
                  error={lineErrors?.quantity?.message}
                >
                  <Input
                    inputMode={unit && isWeighed(unit) ? "decimal" : "numeric"}
                    placeholder={unit && isWeighed(unit) ? text.kilosPlaceholder : undefined}
                    {...form.register(`lines.${index}.quantity`)}
                  />
                </Field>
                <Field
                  id={`${id}-${field.id}-price`}
                  label={text.unitPrice(unit)}
                  error={lineErrors?.rupees?.message}
                >
                  <Input inputMode="decimal" {...form.register(`lines.${index}.rupees`)} />
                </Field>
              </div>
              {lines.fields.length > 1 && (
                <Button type="button" variant="ghost" size="sm" onClick={() => lines.remove(index)}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" /> {text.removeLine(index + 1)}
                </Button>
              )}
            </fieldset>
          );
        })}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => lines.append({ productId: "", quantity: "", rupees: "" })}
        >
          <Plus aria-hidden="true" className="h-4 w-4" /> {text.addLine}
        </Button>
        <div className="grid gap-2 sm:grid-cols-2">
          <Field id={`${id}-discount`} label={text.discount} error={errors.discount?.message}>
            <Input inputMode="numeric" {...form.register("discount")} />
          </Field>
          <Field id={`${id}-delivery`} label={text.deliveryCharge} error={errors.delivery?.message}>
            <Input inputMode="decimal" {...form.register("delivery")} />
          </Field>
        </div>
        <QuotePreview draft={draft} products={products} withPayments={!change} />
        {!change && <QuoteExtras id={id} form={form} codRequested={order.codRequested} />}
        {errors.root?.message && (
          <p className="text-sm text-red-700" role="alert">
            {errors.root.message}
          </p>
        )}
        <Button type="submit" disabled={pending}>
          <Send aria-hidden="true" className="h-4 w-4" />{" "}
          {change ? CHANGE_TEXT.submit : text.sendQuote}
        </Button>
      </form>
    </MoveSection>
  );
}

/** What only a quote asks: what it covers, and whether cash on delivery is approved. */
function QuoteExtras({
  id,
  form,
  codRequested,
}: {
  id: string;
  form: ReturnType<typeof useCheckedForm<QuoteDraft, StaffQuote>>;
  codRequested: boolean;
}) {
  return (
    <>
      <Field id={`${id}-notes`} label={text.notes}>
        <Textarea
          rows={3}
          maxLength={BULK_QUOTE_NOTES_MAX}
          aria-describedby={`${id}-notes-hint`}
          {...form.register("notes")}
        />
      </Field>
      <p id={`${id}-notes-hint`} className="text-xs text-ink-500">
        {text.notesHint}
      </p>
      {codRequested && (
        <Checkbox id={`${id}-cod`} label={text.approveCod} {...form.register("approveCod")} />
      )}
    </>
  );
}
