// The planner's change after the advance: each product's quantity, products removed or added,
// previewed by the shared pricing rule (quoted products at their quoted price, new ones at today's
// price with the event's discount). The server prices it again and says what is paid or given back.

import { Pencil, Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import { productName } from "../../../../shared/catalogue.ts";
import type { BulkChange, BulkOrderView } from "../../../../shared/contracts/bulk-orders.ts";
import { readFilled } from "../../../../shared/i18n/fill.ts";
import { DEFAULT_LOCALE, isLocale } from "../../../../shared/i18n/locales.ts";
import { formatRupees } from "../../../../shared/money.ts";
import {
  CHANGE_TEXT,
  FEE_NOTE_VALUES,
  untilValues,
} from "../../../../shared/rules/bulk-changes.ts";
import { advanceFor, processingBegun } from "../../../../shared/rules/bulk-order-status.ts";
import {
  ADVANCE_VALUES,
  QUOTE_LABELS,
  quoteBreakdown,
} from "../../../../shared/rules/bulk-quote.ts";
import { isWeighed, quantityText } from "../../../../shared/rules/measure.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input, Select } from "../../../components/ui/field.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useCheckedForm } from "../../../lib/checked-form.ts";
import { serverFieldError } from "../../../lib/form-problems.ts";
import { Trans, useLingui } from "../../../lib/i18n/react-binding.tsx";
import { typedValue } from "../../../lib/i18n/typed-value.tsx";
import { useProducts } from "../../catalogue/api/products.ts";
import { type BulkAccess, useChangeBulkLines } from "../api/bulk-orders.ts";
import { type ChangeDraft, changeChecks, quantityOf } from "../change-checks.ts";

type Props = {
  view: BulkOrderView;
  access: BulkAccess;
  /** The request changed under the page: read it again. */
  onStale(): void;
};

export function BulkChangeForm({ view, access, onStale }: Props) {
  const id = useId();
  const { i18n } = useLingui();
  const catalogue = useProducts();
  const change = useChangeBulkLines();
  const quote = view.quote!;
  const quoted = new Map(quote.lines.map((line) => [line.productId, line]));
  const sold = catalogue.data?.products ?? [];
  const unitOf = (productId: string) =>
    quoted.get(productId)?.unit ?? sold.find((product) => product.id === productId)?.unit;
  const form = useCheckedForm(changeChecks(view.version, unitOf), {
    defaultValues: {
      lines: quote.lines.map((line) => ({
        productId: line.productId,
        // Kilograms for what is weighed ("12.5"), as the planner types them back.
        quantity: quantityText(line.quantity, line.unit),
      })),
    },
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const lines = useFieldArray({ control: form.control, name: "lines" });
  const draft = useWatch({ control: form.control }) as ChangeDraft;
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (request: BulkChange) => {
    try {
      const next = await change.mutateAsync({ access, change: request });
      const givenBack = view.money.paidPaise - next.money.paidPaise;
      toast.success(i18n._(CHANGE_TEXT.saved, { ticketId: view.ticketId }), {
        description:
          givenBack > 0
            ? i18n._(CHANGE_TEXT.refund, {
                amount: formatRupees(givenBack),
                method: i18n._(CHANGE_TEXT.refundMethod),
              })
            : next.money.dueNowPaise > 0
              ? i18n._(CHANGE_TEXT.dueNow, { amount: formatRupees(next.money.dueNowPaise) })
              : i18n._(CHANGE_TEXT.newTotal, { amount: formatRupees(next.quotePaise ?? 0) }),
      });
    } catch (error) {
      const answer = serverFieldError(error)?.message ?? errorMessage(error);
      // An order quoted as one amount is named in the answer: said with its ticket.
      const lumpSum = readFilled(CHANGE_TEXT.lumpSum, answer);
      const message = lumpSum ? i18n._(CHANGE_TEXT.lumpSum, lumpSum) : i18n._(answer);
      form.setError("root", { message });
      toast.error(message);
      if (error instanceof ApiError && error.code === "CONFLICT") onStale();
    }
  });

  if (catalogue.isPending) return <Spinner label={i18n._("Loading the products")} />;
  if (catalogue.isError) {
    return <LoadError error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  }
  const nameOf = (productId: string) =>
    quoted.get(productId)?.name ?? sold.find((product) => product.id === productId)?.name;
  // Products to add, by their names in the page's language.
  const addable = [...sold]
    .filter((product) => !quoted.has(product.id))
    .map((product) => ({ ...product, shownName: productName(product, i18n.locale) }))
    .sort((a, b) => a.shownName.localeCompare(b.shownName));

  const preview = quoteBreakdown(
    (draft.lines ?? []).flatMap((line) => {
      const unit = unitOf(line.productId);
      const { quantity } = quantityOf(line.quantity ?? "", unit);
      const known = quoted.get(line.productId);
      const product = sold.find((candidate) => candidate.id === line.productId);
      const listPricePaise = known?.listPricePaise ?? product?.pricePaise;
      const gstRateBps = known?.gstRateBps ?? product?.gstRateBps;
      if (!unit || !quantity || !Number.isInteger(quantity) || !listPricePaise) return [];
      if (gstRateBps === undefined) return [];
      return [{ listPricePaise, quantity, unit, gstRateBps }];
    }),
    { discountPercent: quote.discountPercent, deliveryChargePaise: quote.deliveryChargePaise },
  );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-3xl bg-white p-6 shadow-card sm:p-8"
      data-testid="bulk-change"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold text-ink-900">
        <Pencil aria-hidden="true" className="h-5 w-5 text-brand-600" />
        {i18n._(CHANGE_TEXT.heading)}
      </h2>
      <p className="mt-2 text-sm text-ink-500">
        {i18n._(
          CHANGE_TEXT.until,
          untilValues(view.deliveryDate, isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE),
        )}{" "}
        {processingBegun(view.status) && i18n._(CHANGE_TEXT.feeNote, FEE_NOTE_VALUES)}
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
        {typeof errors.lines?.message === "string" && (
          <p className="text-sm text-red-700" role="alert">
            {i18n._(errors.lines.message)}
          </p>
        )}
        {lines.fields.map((field, index) => {
          const productId = draft.lines?.[index]?.productId ?? "";
          const unit = unitOf(productId);
          const name = quoted.has(field.productId) ? nameOf(field.productId) : undefined;
          // New products are counted among themselves: "New product 1" is the first one added.
          const added = lines.fields
            .slice(0, index + 1)
            .filter((line) => !quoted.has(line.productId)).length;
          const lineErrors = errors.lines?.[index];
          return (
            <fieldset
              key={field.id}
              className="grid gap-3 rounded-2xl border border-cream-200 p-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
            >
              <legend className="px-1 text-sm font-semibold text-ink-700">
                {name ?? i18n._("New product {number}", { number: added })}
              </legend>
              {name ? (
                <p className="text-sm text-ink-700">
                  {i18n._("{price} per {unit}", {
                    price: formatRupees(quoted.get(field.productId)!.unitPricePaise),
                    unit: unitOf(field.productId),
                  })}
                </p>
              ) : (
                <Field
                  id={`${id}-${field.id}-product`}
                  label={i18n._("Product")}
                  error={lineErrors?.productId?.message}
                >
                  <Select {...form.register(`lines.${index}.productId`)}>
                    <option value="">{i18n._("Choose a product")}</option>
                    {addable.map((product) => (
                      <option key={product.id} value={product.id}>
                        {i18n._("{name} ({price} per {unit})", {
                          name: product.shownName,
                          price: formatRupees(product.pricePaise),
                          unit: product.unit,
                        })}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
              <Field
                id={`${id}-${field.id}-quantity`}
                label={unit ? i18n._("Quantity ({unit})", { unit }) : i18n._("Quantity")}
                error={lineErrors?.quantity?.message}
              >
                <Input
                  inputMode={unit && isWeighed(unit) ? "decimal" : "numeric"}
                  {...form.register(`lines.${index}.quantity`)}
                />
              </Field>
              {lines.fields.length > 1 && (
                <Button type="button" variant="ghost" size="sm" onClick={() => lines.remove(index)}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" />{" "}
                  {name ? (
                    // The cart says "Remove {name}" (its catalogue, which this page does not
                    // load); here the name is isolated as it is typed.
                    <Trans
                      id={/*i18n*/ "Remove <0>{name}</0>"}
                      values={{ name: typedValue(name) }}
                      components={{ 0: <bdi /> }}
                    />
                  ) : (
                    i18n._("Remove new product {number}", { number: added })
                  )}
                </Button>
              )}
            </fieldset>
          );
        })}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => lines.append({ productId: "", quantity: "" })}
        >
          <Plus aria-hidden="true" className="h-4 w-4" /> {i18n._("Add a product")}
        </Button>
        <dl
          aria-label={i18n._("Your changed order")}
          className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-2xl bg-cream-100 p-4 text-sm"
        >
          {(
            [
              [i18n._("New total"), preview.totalPaise],
              [i18n._(QUOTE_LABELS.advance, ADVANCE_VALUES), advanceFor(preview.totalPaise)],
              [i18n._("Paid so far"), view.money.paidPaise],
            ] as const
          ).map(([label, paise]) => (
            <div key={label} className="contents">
              <dt className="text-ink-500">{label}</dt>
              <dd className="text-right font-semibold tabular-nums">{formatRupees(paise)}</dd>
            </div>
          ))}
        </dl>
        {errors.root?.message && (
          <p className="text-sm text-red-700" role="alert">
            {i18n._(errors.root.message)}
          </p>
        )}
        <Button type="submit" disabled={change.isPending}>
          {i18n._(CHANGE_TEXT.submit)}
        </Button>
      </form>
    </section>
  );
}
