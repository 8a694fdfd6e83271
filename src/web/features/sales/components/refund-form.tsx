import { useEffect, useId, useRef, useState } from "react";
import type { SalesOrder } from "../../../../shared/contracts/sales.ts";
import { rupeesToPaise } from "../../../../shared/money.ts";
import {
  CASH_PAID_BACK_BY,
  CASH_PAID_BACK_LABELS,
  type CashPaidBackBy,
  creditOfLine,
  DELIVERED_REFUND_MESSAGES,
  DELIVERED_REFUND_REASON_LABELS,
  DELIVERED_REFUND_REASONS,
  type DeliveredRefundReason,
  RETURNED_GOODS,
  RETURNED_GOODS_LABELS,
  type ReturnedGoods,
} from "../../../../shared/rules/delivered-refund.ts";
import { isWeighed, parseQuantityText, quantityText } from "../../../../shared/rules/measure.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input, Select, Textarea } from "../../../components/ui/field.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useRefundOrder, useRefundRequests } from "../api/order.ts";
import { SALES_TEXT } from "../texts.ts";
import { RefusalNote } from "./alert-note.tsx";

const text = SALES_TEXT.refund;

/** A line's ask as typed: units (kilograms for what is weighed) or rupees. */
type LineAsk = { units: string; rupees: string };

const paiseOf = (rupees: string): number | undefined => {
  const trimmed = rupees.replaceAll(",", "").trim();
  if (!trimmed) return undefined;
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? rupeesToPaise(Number(trimmed)) : Number.NaN;
};

/**
 * What each line asks for, priced by the same rule as the server: the figure on the button is the
 * credit note's. Answers the lines to send, the total, and the first problem a line has.
 */
function priceAsks(order: SalesOrder, asks: Record<string, LineAsk>) {
  const refundable = order.afterDelivery!.refundable.lines;
  const lines: { productId: string; quantity?: number; amountPaise?: number }[] = [];
  const problems: Record<string, string> = {};
  let totalPaise = 0;
  for (const line of order.lines) {
    const ask = asks[line.productId];
    const left = refundable.find((item) => item.productId === line.productId);
    if (!ask || !left) continue;
    // Kilograms with up to 3 decimals for a weighed line ("0.25" is 250 g), whole units otherwise.
    const read = ask.units.trim() ? parseQuantityText(ask.units, line.unit) : undefined;
    const units = read && "quantity" in read ? read.quantity : read ? Number.NaN : undefined;
    const amountPaise = paiseOf(ask.rupees);
    if (units === undefined && amountPaise === undefined) continue;
    if (units !== undefined && amountPaise !== undefined) {
      problems[line.productId] = DELIVERED_REFUND_MESSAGES.unitsOrAmount;
      continue;
    }
    if (read && "problem" in read) {
      problems[line.productId] = read.problem;
      continue;
    }
    if (units !== undefined && units < 1) {
      problems[line.productId] = DELIVERED_REFUND_MESSAGES.unitsPositive;
      continue;
    }
    if (amountPaise !== undefined && (Number.isNaN(amountPaise) || amountPaise < 1)) {
      problems[line.productId] = text.amountInvalid;
      continue;
    }
    const credit = creditOfLine(
      {
        ...left,
        unitPricePaise: line.unitPricePaise,
        unit: line.unit,
        gstRateBps: line.gstRateBps,
      },
      {
        quantity: units,
        amountPaise,
      },
    );
    if ("refused" in credit) {
      problems[line.productId] = credit.refused;
      continue;
    }
    totalPaise += credit.taxablePaise + credit.gstPaise;
    lines.push(
      units !== undefined
        ? { productId: line.productId, quantity: units }
        : { productId: line.productId, amountPaise },
    );
  }
  return { lines, problems, totalPaise };
}

/**
 * The refund step of a delivered order: units or an amount per line, the delivery fee, why, what
 * becomes of the goods, and (for cash) how the money went back. The total it shows is worked out
 * by the shared rule the server prices with.
 */
export function RefundForm({
  order,
  onRefunded,
  onBack,
}: {
  order: SalesOrder;
  onRefunded(): void;
  onBack(): void;
}) {
  const id = useId();
  const refund = useRefundOrder();
  // One key for as long as this form is open: a retried press refunds once.
  const [key] = useState(() => crypto.randomUUID());
  const [asks, setAsks] = useState<Record<string, LineAsk>>({});
  const [fee, setFee] = useState(false);
  const [reason, setReason] = useState<DeliveredRefundReason | "">("");
  const [goods, setGoods] = useState<ReturnedGoods>("restock");
  const [paidBackBy, setPaidBackBy] = useState<CashPaidBackBy | "">("");
  const [note, setNote] = useState("");
  const requests = (useRefundRequests().data?.requests ?? []).filter(
    (request) => request.orderNumber === order.orderNumber,
  );
  // The oldest open request for this order is what the manager is most likely answering.
  const [requestId, setRequestId] = useState<string>();
  const answering = requestId ?? (requests[0] ? String(requests[0].id) : "");
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const first = useRef<HTMLInputElement | null>(null);
  useEffect(() => first.current?.focus(), []);

  const after = order.afterDelivery!;
  const paidOnline = order.payment.method !== "cash";
  const late = Date.parse(order.now) > Date.parse(after.windowEndsAt);
  const priced = priceAsks(order, asks);
  const feePaise = fee ? after.refundable.deliveryFeePaise : 0;
  const totalPaise = priced.totalPaise + feePaise;

  const problems = {
    lines: priced.lines.length === 0 && !fee ? text.nothingChosen : undefined,
    reason: reason ? undefined : DELIVERED_REFUND_MESSAGES.reasonRequired,
    paidBackBy: paidOnline || paidBackBy ? undefined : DELIVERED_REFUND_MESSAGES.paidBackByRequired,
    note:
      late && !note.trim()
        ? DELIVERED_REFUND_MESSAGES.lateNoteRequired(after.windowHours)
        : undefined,
  };
  const shown = (problem: string | undefined) => (tried ? problem : undefined);

  const setAsk = (productId: string, change: Partial<LineAsk>) =>
    setAsks((current) => ({
      ...current,
      [productId]: { units: "", rupees: "", ...current[productId], ...change },
    }));
  const everything = () => {
    const all: Record<string, LineAsk> = {};
    for (const line of after.refundable.lines) {
      const unit = order.lines.find((ordered) => ordered.productId === line.productId)?.unit;
      if (line.units > 0 && unit) {
        all[line.productId] = { units: quantityText(line.units, unit), rupees: "" };
      } else if (line.taxablePaise + line.gstPaise > 0) {
        all[line.productId] = {
          units: "",
          rupees: ((line.taxablePaise + line.gstPaise) / 100).toFixed(2),
        };
      }
    }
    setAsks(all);
    setFee(after.refundable.deliveryFeePaise > 0);
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    setRefusal(undefined);
    if (Object.keys(priced.problems).length > 0 || Object.values(problems).some(Boolean)) return;
    try {
      await refund.mutateAsync({
        orderNumber: order.orderNumber,
        refund: {
          key,
          reason: reason as DeliveredRefundReason,
          lines: priced.lines,
          ...(fee ? { deliveryFee: true } : {}),
          goods,
          ...(paidOnline ? {} : { paidBackBy: paidBackBy as CashPaidBackBy }),
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(answering ? { requestId: Number(answering) } : {}),
        },
      });
      toast.success(text.done(order.orderNumber, totalPaise));
      onRefunded();
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="rounded-2xl bg-white p-4 text-sm text-ink-700 shadow-card">{text.intro}</p>
      {refusal && <RefusalNote>{refusal}</RefusalNote>}
      <fieldset className="space-y-3 rounded-2xl bg-white p-4 shadow-card">
        <legend className="sr-only">{text.linesLegend}</legend>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-bold uppercase tracking-wide text-ink-500">
            {text.linesLegend}
          </h3>
          <Button size="sm" variant="outline" onClick={everything}>
            {text.everything}
          </Button>
        </div>
        {order.lines.map((line, index) => {
          const left = after.refundable.lines.find((item) => item.productId === line.productId);
          const leftPaise = left ? left.taxablePaise + left.gstPaise : 0;
          const ask = asks[line.productId] ?? { units: "", rupees: "" };
          const problem = shown(priced.problems[line.productId]);
          const problemId = `${id}-${index}-problem`;
          return (
            <div
              key={line.productId}
              className="border-t border-cream-200 pt-3 first-of-type:border-0"
            >
              <p className="font-semibold text-ink-900">{line.name}</p>
              <p className="text-xs text-ink-500">
                {text.delivered(line.quantity, line.unit)} ·{" "}
                {left && leftPaise > 0
                  ? text.left(left.units, line.unit, leftPaise)
                  : text.nothingLeft}
              </p>
              {left && leftPaise > 0 && (
                <div className="mt-2 grid grid-cols-2 gap-3">
                  <Field id={`${id}-${index}-units`} label={text.units(line.name, line.unit)}>
                    <Input
                      ref={index === 0 ? first : undefined}
                      inputMode={isWeighed(line.unit) ? "decimal" : "numeric"}
                      value={ask.units}
                      disabled={left.units === 0}
                      aria-describedby={problem ? problemId : undefined}
                      aria-invalid={problem ? true : undefined}
                      onChange={(event) => setAsk(line.productId, { units: event.target.value })}
                    />
                  </Field>
                  <Field id={`${id}-${index}-amount`} label={text.amount(line.name)}>
                    <Input
                      inputMode="decimal"
                      value={ask.rupees}
                      aria-describedby={problem ? problemId : undefined}
                      aria-invalid={problem ? true : undefined}
                      onChange={(event) => setAsk(line.productId, { rupees: event.target.value })}
                    />
                  </Field>
                </div>
              )}
              {problem && (
                <p id={problemId} role="alert" className="mt-1 text-sm text-red-700">
                  {problem}
                </p>
              )}
            </div>
          );
        })}
        {after.refundable.deliveryFeePaise > 0 && (
          <label className="flex items-center gap-2 border-t border-cream-200 pt-3 text-sm font-semibold text-ink-700">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={fee}
              onChange={(event) => setFee(event.target.checked)}
            />
            {text.deliveryFee(after.refundable.deliveryFeePaise)}
          </label>
        )}
        {shown(problems.lines) && (
          <p role="alert" className="text-sm text-red-700">
            {problems.lines}
          </p>
        )}
      </fieldset>
      {requests.length > 0 && (
        <Field id={`${id}-request`} label={text.answers}>
          <Select value={answering} onChange={(event) => setRequestId(event.target.value)}>
            {requests.map((request) => (
              <option key={request.id} value={String(request.id)}>
                {text.requestOption(request.ticketReference, request.note)}
              </option>
            ))}
            <option value="">{text.noRequest}</option>
          </Select>
        </Field>
      )}
      <Field id={`${id}-reason`} label={text.reason} required error={shown(problems.reason)}>
        <Select
          value={reason}
          onChange={(event) => setReason(event.target.value as DeliveredRefundReason | "")}
        >
          <option value="">{text.chooseReason}</option>
          {DELIVERED_REFUND_REASONS.map((choice) => (
            <option key={choice} value={choice}>
              {DELIVERED_REFUND_REASON_LABELS[choice]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-goods`} label={text.goods}>
        <Select value={goods} onChange={(event) => setGoods(event.target.value as ReturnedGoods)}>
          {RETURNED_GOODS.map((choice) => (
            <option key={choice} value={choice}>
              {RETURNED_GOODS_LABELS[choice]}
            </option>
          ))}
        </Select>
      </Field>
      {paidOnline ? (
        <p className="text-sm text-ink-700">{text.online(order.payment.instrument)}</p>
      ) : (
        <Field
          id={`${id}-paid-back`}
          label={text.paidBackBy}
          required
          error={shown(problems.paidBackBy)}
        >
          <Select
            value={paidBackBy}
            onChange={(event) => setPaidBackBy(event.target.value as CashPaidBackBy | "")}
          >
            <option value="">{text.choosePaidBackBy}</option>
            {CASH_PAID_BACK_BY.map((choice) => (
              <option key={choice} value={choice}>
                {CASH_PAID_BACK_LABELS[choice]}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field id={`${id}-note`} label={text.note} required={late} error={shown(problems.note)}>
        <Textarea
          aria-describedby={`${id}-note-hint`}
          maxLength={500}
          rows={3}
          className="min-h-20"
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
      <p id={`${id}-note-hint`} className="-mt-2 text-xs text-ink-500">
        {late ? text.lateHint(after.windowHours) : text.noteHint}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onBack}>
          {text.back}
        </Button>
        <Button type="submit" variant="danger" disabled={refund.isPending}>
          {refund.isPending ? text.submitting : text.total(totalPaise)}
        </Button>
      </div>
    </form>
  );
}
