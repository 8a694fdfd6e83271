import { Ban, CheckCircle2, PackageCheck, Send } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { MAX_QUOTE_PAISE } from "../../../../shared/contracts/bulk-orders.ts";
import {
  BALANCE_METHOD_LABELS,
  BALANCE_METHODS,
  BULK_CANCEL_REASON_MAX,
  BULK_PIPELINE_MESSAGES,
  BULK_QUOTE_NOTES_MAX,
  type StaffBulkOrder,
} from "../../../../shared/contracts/bulk-pipeline.ts";
import { formatRupees, rupeesToPaise } from "../../../../shared/money.ts";
import {
  BULK_MOVES_FROM,
  cancellationTerms,
  canQuote,
  processingBegun,
} from "../../../../shared/rules/bulk-order-status.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Field, Input, Textarea } from "../../../components/ui/field.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { serverFieldError } from "../../../lib/form-problems.ts";
import { type BulkMove, useBulkMove } from "../api/bulk-pipeline.ts";
import { RELATIONS_TEXT } from "../texts.ts";

const text = RELATIONS_TEXT.bulk;

/** Sends a move; the reason of a refusal is shown in place and as a toast. */
function useSend(order: StaffBulkOrder) {
  const move = useBulkMove(order.ticketId);
  return {
    pending: move.isPending,
    async send(change: BulkMove, done: string): Promise<string | undefined> {
      try {
        await move.mutateAsync(change);
        toast.success(done);
        return undefined;
      } catch (error) {
        const message = serverFieldError(error)?.message ?? errorMessage(error);
        toast.error(message);
        return message;
      }
    },
  };
}

const paidOf = (order: StaffBulkOrder) =>
  order.payments
    .filter((payment) => payment.status === "paid")
    .reduce((sum, payment) => sum + payment.amountPaise, 0);

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm">
      <h3 id={id} className="mb-3 font-semibold text-ink-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

function QuoteForm({ order }: { order: StaffBulkOrder }) {
  const id = useId();
  const { send, pending } = useSend(order);
  const [rupees, setRupees] = useState(order.quotePaise ? String(order.quotePaise / 100) : "");
  const [notes, setNotes] = useState(order.quoteNotes);
  const [approveCod, setApproveCod] = useState(order.codApproved);
  const [error, setError] = useState<string>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(rupees.replaceAll(",", "").trim());
    const quotePaise = rupeesToPaise(amount);
    if (
      !rupees.trim() ||
      !Number.isFinite(amount) ||
      quotePaise < 100 ||
      quotePaise > MAX_QUOTE_PAISE
    ) {
      setError(text.amountProblem);
      return;
    }
    setError(undefined);
    setError(
      await send(
        { kind: "quote", quotePaise, approveCod, notes, version: order.version },
        text.quoted(order.ticketId),
      ),
    );
  };

  return (
    <Section title={text.quoteHeading}>
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        {order.quotePaise !== null && <p className="text-sm text-ink-500">{text.requote}</p>}
        <Field id={`${id}-amount`} label={text.amount} error={error}>
          <Input
            inputMode="decimal"
            value={rupees}
            onChange={(event) => setRupees(event.target.value)}
          />
        </Field>
        <Field id={`${id}-notes`} label={text.notes}>
          <Textarea
            rows={4}
            maxLength={BULK_QUOTE_NOTES_MAX}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            aria-describedby={`${id}-notes-hint`}
          />
        </Field>
        <p id={`${id}-notes-hint`} className="text-xs text-ink-500">
          {text.notesHint}
        </p>
        {order.codRequested && (
          <Checkbox
            id={`${id}-cod`}
            label={text.approveCod}
            checked={approveCod}
            onChange={(event) => setApproveCod(event.target.checked)}
          />
        )}
        <Button type="submit" disabled={pending}>
          <Send aria-hidden="true" className="h-4 w-4" /> {text.sendQuote}
        </Button>
      </form>
    </Section>
  );
}

function DeliverForm({ order }: { order: StaffBulkOrder }) {
  const { send, pending } = useSend(order);
  const [method, setMethod] = useState<(typeof BALANCE_METHODS)[number]>("cash");
  const balance = (order.quotePaise ?? 0) - paidOf(order);
  return (
    <Section title={text.deliverHeading}>
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
      <Button
        disabled={pending}
        onClick={() =>
          void send(
            { kind: "deliver", version: order.version, balanceMethod: method },
            text.delivered(order.ticketId),
          )
        }
      >
        <PackageCheck aria-hidden="true" className="h-4 w-4" /> {text.deliver}
      </Button>
    </Section>
  );
}

function CancelForm({ order }: { order: StaffBulkOrder }) {
  const id = useId();
  const { send, pending } = useSend(order);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const terms = cancellationTerms(order.status, order.quotePaise, paidOf(order));
  const preview = processingBegun(order.status)
    ? text.termsAfter(formatRupees(terms.feePaise), formatRupees(terms.refundPaise))
    : text.termsBefore(formatRupees(terms.refundPaise));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(BULK_PIPELINE_MESSAGES.reasonRequired);
      return;
    }
    setError(
      await send(
        { kind: "cancel", version: order.version, reason: reason.trim() },
        text.cancelled(order.ticketId),
      ),
    );
  };
  return (
    <Section title={text.cancelHeading}>
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <p className="text-sm text-ink-700">{preview}</p>
        <Field id={`${id}-reason`} label={text.reason} error={error}>
          <Textarea
            rows={2}
            maxLength={BULK_CANCEL_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
        <Button type="submit" variant="danger" disabled={pending}>
          <Ban aria-hidden="true" className="h-4 w-4" /> {text.cancel}
        </Button>
      </form>
    </Section>
  );
}

/** What can be done with the order in its state: quote, confirm, deliver, cancel. */
export function BulkActions({ order }: { order: StaffBulkOrder }) {
  const { send, pending } = useSend(order);
  const cancellable = (BULK_MOVES_FROM.cancel as readonly string[]).includes(order.status);
  return (
    <div className="space-y-4">
      {canQuote(order.status) && <QuoteForm key={order.version} order={order} />}
      {(BULK_MOVES_FROM.confirm as readonly string[]).includes(order.status) && (
        <Section title={text.confirm}>
          <p className="mb-3 text-sm text-ink-700">{text.confirmHint}</p>
          <Button
            disabled={pending}
            onClick={() =>
              void send({ kind: "confirm", version: order.version }, text.confirmed(order.ticketId))
            }
          >
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> {text.confirm}
          </Button>
        </Section>
      )}
      {(BULK_MOVES_FROM.deliver as readonly string[]).includes(order.status) && (
        <DeliverForm key={order.version} order={order} />
      )}
      {cancellable && <CancelForm key={`cancel-${order.version}`} order={order} />}
    </div>
  );
}
