import { Ban, CheckCircle2, PackageCheck, Truck } from "lucide-react";
import { useId, useState } from "react";
import {
  BALANCE_METHOD_LABELS,
  BALANCE_METHODS,
  BULK_CANCEL_REASON_MAX,
  BULK_PIPELINE_MESSAGES,
  cancelBulkSchema,
  type StaffBulkOrder,
} from "../../../../shared/contracts/bulk-pipeline.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { deliveredBeforeEvent } from "../../../../shared/rules/bulk-delivery-date.ts";
import {
  BULK_MOVES_FROM,
  cancellationTerms,
  canQuote,
  processingBegun,
} from "../../../../shared/rules/bulk-order-status.ts";
import { EVENT_ORDER_TEXT, eventOrderDue } from "../../../../shared/rules/event-orders.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Textarea } from "../../../components/ui/field.tsx";
import { useCheckedForm } from "../../../lib/checked-form.ts";
import { schemaChecks } from "../../../lib/schema-checks.ts";
import { RELATIONS_TEXT } from "../texts.ts";
import { MoveSection, useSend } from "./bulk-move-parts.tsx";
import { QuoteForm } from "./bulk-quote-form.tsx";

const text = RELATIONS_TEXT.bulk;

/** A confirmed event order sent to the Sales board now, as a shop order with its stock. */
function ToBoardForm({ order }: { order: StaffBulkOrder }) {
  const id = useId();
  const { send, pending } = useSend(order);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string>();
  const early = !eventOrderDue(order.deliveryDate, new Date());
  const sendNow = async () => {
    if (early && !reason.trim()) {
      setProblem(EVENT_ORDER_TEXT.earlyReasonRequired);
      return;
    }
    setProblem(undefined);
    const refusal = await send(
      { kind: "to-board", version: order.version, ...(early && { reason }) },
      EVENT_ORDER_TEXT.sent(order.ticketId),
    );
    if (refusal) setProblem(refusal);
  };
  return (
    <MoveSection title={EVENT_ORDER_TEXT.toBoard}>
      <p id={`${id}-hint`} className="mb-3 text-sm text-ink-700">
        {EVENT_ORDER_TEXT.toBoardHint}
      </p>
      {early ? (
        <div className="mb-3">
          <Field id={`${id}-reason`} label={text.toBoardReason} error={problem}>
            <Textarea
              rows={2}
              maxLength={BULK_CANCEL_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
        </div>
      ) : (
        problem && (
          <p className="mb-3 text-sm text-red-700" role="alert">
            {problem}
          </p>
        )
      )}
      <Button variant="outline" disabled={pending} onClick={() => void sendNow()}>
        <Truck aria-hidden="true" className="h-4 w-4" /> {EVENT_ORDER_TEXT.toBoard}
      </Button>
    </MoveSection>
  );
}

function DeliverForm({ order }: { order: StaffBulkOrder }) {
  const id = useId();
  const { send, pending } = useSend(order);
  const [method, setMethod] = useState<(typeof BALANCE_METHODS)[number]>("cash");
  const [earlyReason, setEarlyReason] = useState("");
  const [earlyProblem, setEarlyProblem] = useState<string>();
  const balance = order.money.balancePaise ?? 0;
  // Before the event's day the desk says why: the server asks again whatever is sent.
  const early = deliveredBeforeEvent(order.deliveryDate, new Date());
  const deliver = async () => {
    if (early && !earlyReason.trim()) {
      setEarlyProblem(BULK_PIPELINE_MESSAGES.earlyReasonRequired);
      return;
    }
    setEarlyProblem(undefined);
    const refusal = await send(
      {
        kind: "deliver",
        version: order.version,
        balanceMethod: method,
        ...(early && { earlyReason }),
      },
      text.delivered(order.ticketId),
    );
    if (refusal && early) setEarlyProblem(refusal);
  };
  return (
    <MoveSection title={text.deliverHeading}>
      <p className="mb-3 text-sm text-ink-700">{text.balance(formatRupees(balance))}</p>
      <fieldset className="mb-3 space-y-2">
        <legend className="mb-1 text-sm font-semibold text-ink-700">{text.balanceMethod}</legend>
        {BALANCE_METHODS.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`balance-${order.ticketId}`}
              value={value}
              checked={method === value}
              onChange={() => setMethod(value)}
              className="h-4 w-4 accent-brand-600"
            />
            {BALANCE_METHOD_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {early && (
        <div className="mb-3 space-y-1">
          <Field id={`${id}-early`} label={text.earlyReason} error={earlyProblem}>
            <Textarea
              rows={2}
              maxLength={BULK_CANCEL_REASON_MAX}
              aria-describedby={`${earlyProblem ? `${id}-early-error ` : ""}${id}-early-hint`}
              value={earlyReason}
              onChange={(event) => setEarlyReason(event.target.value)}
            />
          </Field>
          <p id={`${id}-early-hint`} className="text-xs text-ink-500">
            {text.earlyHint(order.daysLeft)}
          </p>
        </div>
      )}
      <Button disabled={pending} onClick={() => void deliver()}>
        <PackageCheck aria-hidden="true" className="h-4 w-4" /> {text.deliver}
      </Button>
    </MoveSection>
  );
}

/** The reason, as the server checks it again. */
const cancelChecks = schemaChecks(cancelBulkSchema.pick({ reason: true }));

function CancelForm({ order }: { order: StaffBulkOrder }) {
  const id = useId();
  const { send, pending } = useSend(order);
  const form = useCheckedForm(cancelChecks, {
    defaultValues: { reason: "" },
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const terms = cancellationTerms(
    order.status,
    order.quotePaise,
    order.money.paidPaise,
    order.money.feesKeptPaise,
  );
  const preview = processingBegun(order.status)
    ? text.termsAfter(formatRupees(terms.feePaise), formatRupees(terms.refundPaise))
    : text.termsBefore(formatRupees(terms.refundPaise));
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    const refusal = await send(
      { kind: "cancel", version: order.version, reason },
      text.cancelled(order.ticketId),
    );
    if (refusal) form.setError("reason", { message: refusal });
  });
  return (
    <MoveSection title={text.cancelHeading}>
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <p className="text-sm text-ink-700">{preview}</p>
        <Field
          id={`${id}-reason`}
          label={text.reason}
          error={form.formState.errors.reason?.message}
        >
          <Textarea rows={2} maxLength={BULK_CANCEL_REASON_MAX} {...form.register("reason")} />
        </Field>
        <Button type="submit" variant="danger" disabled={pending}>
          <Ban aria-hidden="true" className="h-4 w-4" /> {text.cancel}
        </Button>
      </form>
    </MoveSection>
  );
}

/** What can be done with the order in its state: quote, confirm, deliver, cancel. */
export function BulkActions({ order }: { order: StaffBulkOrder }) {
  const { send, pending } = useSend(order);
  const cancellable = (BULK_MOVES_FROM.cancel as readonly string[]).includes(order.status);
  return (
    <div className="space-y-4">
      {canQuote(order.status) && <QuoteForm key={order.version} order={order} />}
      {order.money.changesUntil && (
        <QuoteForm key={`change-${order.version}`} order={order} change />
      )}
      {(BULK_MOVES_FROM.confirm as readonly string[]).includes(order.status) && (
        <MoveSection title={text.confirm}>
          <p className="mb-3 text-sm text-ink-700">{text.confirmHint}</p>
          <Button
            disabled={pending}
            onClick={() =>
              void send({ kind: "confirm", version: order.version }, text.confirmed(order.ticketId))
            }
          >
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> {text.confirm}
          </Button>
        </MoveSection>
      )}
      {order.eventOrderNumber && order.status === "confirmed" ? (
        <MoveSection title={text.onBoardHeading}>
          <p className="text-sm text-ink-700">
            {EVENT_ORDER_TEXT.onBoard(order.ticketId, order.eventOrderNumber)}
          </p>
        </MoveSection>
      ) : (
        <>
          {order.status === "confirmed" && order.quote && (
            <ToBoardForm key={`board-${order.version}`} order={order} />
          )}
          {(BULK_MOVES_FROM.deliver as readonly string[]).includes(order.status) && (
            <DeliverForm key={order.version} order={order} />
          )}
          {cancellable && <CancelForm key={`cancel-${order.version}`} order={order} />}
        </>
      )}
    </div>
  );
}
