import { useEffect, useId, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import type { MoveOrder, SalesOrder, SalesOrderLine } from "../../../../shared/contracts/sales.ts";
import {
  isWeighed,
  lineAmountPaise,
  maxPerOrder,
  parseQuantityText,
  quantityText,
} from "../../../../shared/rules/measure.ts";
import {
  FULFILMENT_MESSAGES,
  SHORT_PICK_REASON_LABELS,
  SHORT_PICK_REASONS,
  type ShortPickReason,
} from "../../../../shared/rules/order-fulfilment.ts";
import { chargedQuantity, needsShortReason } from "../../../../shared/rules/packed-weight.ts";
import { priceAfterShortPick } from "../../../../shared/rules/pricing.ts";
import { toast } from "../../../components/toasts.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Select } from "../../../components/ui/field.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useCheckedForm } from "../../../lib/checked-form.ts";
import { cn } from "../../../lib/cn.ts";
import type { FieldProblems, FormChecks } from "../../../lib/form-checks.ts";
import { useMoveOrder } from "../api/order.ts";
import { SALES_TEXT } from "../texts.ts";
import { RefusalNote } from "./alert-note.tsx";

const text = SALES_TEXT.pack;

/** The heaviest reading the server takes: twice what one order may hold of a weighed product. */
const MAX_READING = maxPerOrder("kg") * 2;

/**
 * What was packed of a line as typed: the scale's reading in kilograms for a weighed line (any
 * weight up to a typo's), a whole number from 0 to what is on the order otherwise; or why not.
 */
function readPacked(typed: string, line: SalesOrderLine): number | { problem: string } {
  if (isWeighed(line.unit)) {
    const read = parseQuantityText(typed, line.unit);
    if ("problem" in read) return read;
    return read.quantity > MAX_READING ? { problem: text.tooHeavy } : read.quantity;
  }
  const trimmed = typed.trim();
  if (!/^\d+$/.test(trimmed)) return { problem: text.whole };
  const units = Number(trimmed);
  if (units > line.quantity) return { problem: text.range(line.quantity) };
  return units;
}

/** What the line holds as typed, in the box: kilograms for a weighed line, units otherwise. */
const typedOf = (line: SalesOrderLine) => quantityText(line.quantity, line.unit);

const isShortPickReason = (value: string): value is ShortPickReason =>
  (SHORT_PICK_REASONS as readonly string[]).includes(value);

type Picked = NonNullable<MoveOrder["picked"]>[number];

/** By product: what was packed as typed, and why fewer for a line packed short ("" until chosen). */
type PackDraft = { packed: Record<string, string>; reason: Record<string, string> };

/** The shop's terms for a packed line: its tolerance, and whether it was paid before packing. */
type Terms = { tolerancePercent: number; paidBeforePacking: boolean };

const termsOf = (order: SalesOrder): Terms => ({
  tolerancePercent: order.weightTolerancePercent,
  paidBeforePacking: order.payment.method !== "cash" && order.payment.status === "paid",
});

/** A line as packed: whether it needs a reason, what it is charged for and what that costs. */
function outcomeOf(line: SalesOrderLine, packed: number, terms: Terms) {
  const packedLine = { unit: line.unit, ordered: line.quantity, packed };
  const charged = chargedQuantity(packedLine, terms.tolerancePercent, terms.paidBeforePacking);
  return {
    changed: packed !== line.quantity,
    short: needsShortReason(packedLine, terms.tolerancePercent),
    charged,
    amountPaise: lineAmountPaise(line.unitPricePaise, charged, line.unit),
  };
}

/**
 * Each line's packing, by product: the lines packed otherwise than ordered (a weighed line's
 * reading whenever it differs, with why when it is short beyond the tolerance; a counted line
 * packed short, always with why), or what is wrong on a line. A line packed as ordered is not sent.
 */
function packChecks(order: SalesOrder): FormChecks<PackDraft, Picked[]> {
  const terms = termsOf(order);
  return (typed) => {
    const problems: FieldProblems = {};
    const picked: Picked[] = [];
    for (const line of order.lines) {
      const packed = readPacked(typed.packed?.[line.productId] ?? "", line);
      if (typeof packed !== "number") {
        problems[`packed.${line.productId}`] = packed.problem;
        continue;
      }
      const outcome = outcomeOf(line, packed, terms);
      if (!outcome.changed) continue;
      if (!outcome.short) {
        picked.push({ productId: line.productId, quantity: packed });
        continue;
      }
      const reason = typed.reason?.[line.productId] ?? "";
      if (isShortPickReason(reason))
        picked.push({ productId: line.productId, quantity: packed, reason });
      else problems[`reason.${line.productId}`] = FULFILMENT_MESSAGES.shortPickReason;
    }
    if (Object.keys(problems).length > 0) return { ok: false, problems };
    return { ok: true, request: picked };
  };
}

/**
 * The pack step: what was packed per line, each starting at what was ordered: units, or the
 * scale's reading in kilograms for what is sold by weight, with what the shopper will be charged
 * for it. Lines packed otherwise than ordered go to the server as `picked`; one short beyond the
 * tolerance (any counted line packed short) with why fewer, which the ledger records as a count
 * or a write-off. Nothing packed at all is refused here already, with the server's own words:
 * that order should be cancelled instead.
 */
export function PackForm({
  order,
  onPacked,
  onBack,
}: {
  order: SalesOrder;
  onPacked(): void;
  onBack(): void;
}) {
  const id = useId();
  const move = useMoveOrder();
  const terms = termsOf(order);
  const form = useCheckedForm(packChecks(order), {
    defaultValues: {
      packed: Object.fromEntries(order.lines.map((line) => [line.productId, typedOf(line)])),
      reason: Object.fromEntries(order.lines.map((line) => [line.productId, ""])),
    },
    reValidateMode: "onSubmit",
  });
  const typed = useWatch({ control: form.control });
  const problems = form.formState.errors;
  const [refusal, setRefusal] = useState<string>();

  const first = useRef<HTMLInputElement | null>(null);

  useEffect(() => first.current?.focus(), []);

  const readings = order.lines.map((line) => {
    const packed = readPacked(typed.packed?.[line.productId] ?? "", line);
    return {
      line,
      packed,
      outcome: typeof packed === "number" ? outcomeOf(line, packed, terms) : undefined,
    };
  });
  const shortCount = readings.filter(({ outcome }) => outcome?.short).length;
  const weighedCount = readings.filter(
    ({ line, outcome }) => isWeighed(line.unit) && outcome?.changed && !outcome.short,
  ).length;
  const allRead = readings.every(({ outcome }) => outcome !== undefined);
  const newTotal =
    shortCount + weighedCount > 0 && allRead
      ? priceAfterShortPick(
          readings.map(({ line, outcome }) => ({
            unitPricePaise: line.unitPricePaise,
            quantity: outcome?.charged ?? line.quantity,
            unit: line.unit,
            gstRateBps: line.gstRateBps,
          })),
          order.deliveryFeePaise,
          { deliveryQuoted: order.eventTicket !== null },
        ).totalPaise
      : undefined;
  const anyWeighed = order.lines.some((line) => isWeighed(line.unit));

  // Nothing packed at all is refused before any line is asked why: the order is cancelled instead.
  const nothingLeft = readings.every(({ packed }) => packed === 0);

  const pack = form.handleSubmit(async (picked) => {
    try {
      await move.mutateAsync({
        orderNumber: order.orderNumber,
        move: { to: "packed", ...(picked.length > 0 ? { picked } : {}) },
      });
      toast.success(SALES_TEXT.move.done(order.orderNumber, "packed"));
      onPacked();
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  });
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    setRefusal(undefined);
    if (nothingLeft) {
      event.preventDefault();
      setRefusal(FULFILMENT_MESSAGES.shortPickNothingLeft);
      return;
    }
    void pack(event);
  };

  if (order.status !== "confirmed") {
    return (
      <div className="space-y-4">
        <RefusalNote>{text.notNow(order.status)}</RefusalNote>
        <Button variant="outline" onClick={onBack}>
          {text.back}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-ink-700">
        {text.intro}
        {anyWeighed && ` ${text.weighedIntro(order.weightTolerancePercent)}`}
      </p>
      {refusal && <RefusalNote>{refusal}</RefusalNote>}
      <fieldset>
        <legend className="sr-only">{text.legend}</legend>
        <ul className="space-y-2">
          {readings.map(({ line, packed, outcome }, index) => {
            const inputId = `${id}-${line.productId}`;
            const reasonId = `${inputId}-reason`;
            const field = form.register(`packed.${line.productId}`);
            const problem = problems.packed?.[line.productId]?.message;
            const reasonProblem = problems.reason?.[line.productId]?.message;
            const weighed = isWeighed(line.unit);
            const short = outcome?.short ?? false;
            const describedBy = [
              `${inputId}-ordered`,
              weighed && outcome ? `${inputId}-charged` : "",
              problem ? `${inputId}-problem` : "",
            ]
              .filter(Boolean)
              .join(" ");
            const input = (
              <Input
                id={inputId}
                type={weighed ? "text" : "number"}
                inputMode={weighed ? "decimal" : "numeric"}
                autoComplete="off"
                {...(weighed ? {} : { min: 0, max: line.quantity, step: 1 })}
                aria-invalid={problem ? true : undefined}
                aria-describedby={describedBy}
                className="w-24 text-right tabular-nums"
                {...field}
                ref={(element) => {
                  field.ref(element);
                  if (index === 0) first.current = element;
                }}
              />
            );
            return (
              <li
                key={line.productId}
                data-testid="pack-line"
                className={cn(
                  "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-2xl bg-white p-3 shadow-card",
                  short && "ring-2 ring-saffron-400",
                )}
              >
                <div className="min-w-0">
                  <label htmlFor={inputId} className="font-semibold text-ink-900">
                    {line.name}
                    <span className="sr-only">
                      {weighed ? text.weightPacked(line.unit) : text.unitsPacked(line.unit)}
                    </span>
                  </label>
                  <p id={`${inputId}-ordered`} className="text-xs text-ink-500">
                    {text.ordered(line.orderedQuantity, line.unit)}
                    {short && (
                      <Badge tone="saffron" className="ml-2">
                        {SALES_TEXT.detail.short}
                      </Badge>
                    )}
                  </p>
                </div>
                {weighed ? (
                  <span className="flex items-center gap-1.5">
                    {input}
                    <span aria-hidden="true" className="text-sm text-ink-500">
                      {line.unit}
                    </span>
                  </span>
                ) : (
                  input
                )}
                {weighed && outcome && (
                  <p id={`${inputId}-charged`} className="col-span-2 text-sm text-ink-700">
                    {text.charged(outcome.charged, line.unit, outcome.amountPaise)}
                    {typeof packed === "number" &&
                      outcome.charged < packed &&
                      ` (${terms.paidBeforePacking ? text.extraOnUs : text.capped(terms.tolerancePercent)})`}
                  </p>
                )}
                {problem && (
                  <p id={`${inputId}-problem`} className="col-span-2 text-sm text-red-700">
                    {problem}
                  </p>
                )}
                {short && (
                  <div className="col-span-2 mt-1 flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
                    <label htmlFor={reasonId} className="text-sm font-semibold text-ink-700">
                      {text.whyFewer}
                      <span className="sr-only">{text.whyFewerFor(line.name)}</span>
                      <span className="text-red-700" aria-hidden="true">
                        {" "}
                        *
                      </span>
                    </label>
                    <Select
                      id={reasonId}
                      required
                      aria-invalid={reasonProblem ? true : undefined}
                      aria-describedby={reasonProblem ? `${reasonId}-problem` : undefined}
                      className="sm:w-56"
                      {...form.register(`reason.${line.productId}`)}
                    >
                      <option value="">{text.chooseReason}</option>
                      {SHORT_PICK_REASONS.map((reason) => (
                        <option key={reason} value={reason}>
                          {SHORT_PICK_REASON_LABELS[reason]}
                        </option>
                      ))}
                    </Select>
                  </div>
                )}
                {short && reasonProblem && (
                  <p id={`${reasonId}-problem`} className="col-span-2 text-sm text-red-700">
                    {reasonProblem}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p role="status" className="min-h-5 text-sm text-ink-700">
        {shortCount + weighedCount > 0 ? text.changedLines(shortCount, weighedCount) : ""}
        {newTotal !== undefined &&
          ` ${text.newTotal(newTotal, order.totalPaise, terms.paidBeforePacking)}`}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onBack}>
          {text.back}
        </Button>
        <Button type="submit" disabled={move.isPending}>
          {move.isPending ? SALES_TEXT.move.moving : text.submit}
        </Button>
      </div>
    </form>
  );
}
