import { useEffect, useId, useRef, useState } from "react";
import { cancelOrderSchema, type SalesOrder } from "../../../../shared/contracts/sales.ts";
import {
  CANCEL_REASON_LABELS,
  CANCEL_REASONS,
  type CancelReason,
} from "../../../../shared/rules/order-fulfilment.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Select, Textarea } from "../../../components/ui/field.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useCancelOrder } from "../api/order.ts";
import { SALES_TEXT } from "../texts.ts";
import { RefusalNote } from "./alert-note.tsx";

const text = SALES_TEXT.cancel;

/**
 * The cancel step: why, and a note (needed for "Other"). It says first what cancelling does: the
 * stock goes back, and an online payment is refunded in full.
 */
export function CancelForm({
  order,
  onCancelled,
  onBack,
}: {
  order: SalesOrder;
  onCancelled(): void;
  onBack(): void;
}) {
  const id = useId();
  const reasonRef = useRef<HTMLSelectElement>(null);
  const cancel = useCancelOrder();
  const [reason, setReason] = useState<CancelReason | "">("");
  const [note, setNote] = useState("");
  const [problems, setProblems] = useState<{ reason?: string; note?: string }>({});
  const [refusal, setRefusal] = useState<string>();

  useEffect(() => reasonRef.current?.focus(), []);

  const paidOnline = order.payment.method !== "cash" && order.payment.status === "paid";

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    const parsed = cancelOrderSchema.safeParse({
      reason: reason || undefined,
      note: note.trim() || undefined,
    });
    if (!parsed.success) {
      const found: { reason?: string; note?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "note" ? "note" : "reason";
        found[field] ??= issue.message;
      }
      setProblems(found);
      document.getElementById(`${id}-${found.reason ? "reason" : "note"}`)?.focus();
      return;
    }
    setProblems({});
    try {
      await cancel.mutateAsync({ orderNumber: order.orderNumber, cancel: parsed.data });
      toast.success(text.done(order.orderNumber));
      onCancelled();
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="rounded-2xl bg-white p-4 text-sm text-ink-700 shadow-card">
        {text.consequences(paidOnline, order.totalPaise)}
      </p>
      {refusal && <RefusalNote>{refusal}</RefusalNote>}
      <Field id={`${id}-reason`} label={text.reason} required error={problems.reason}>
        <Select
          ref={reasonRef}
          value={reason}
          onChange={(event) => setReason(event.target.value as CancelReason | "")}
        >
          <option value="">{text.chooseReason}</option>
          {CANCEL_REASONS.map((choice) => (
            <option key={choice} value={choice}>
              {CANCEL_REASON_LABELS[choice]}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={`${id}-note`}
        label={text.note}
        required={reason === "other"}
        error={problems.note}
      >
        <Textarea
          aria-describedby={reason !== "other" ? `${id}-note-hint` : undefined}
          value={note}
          maxLength={500}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          className="min-h-20"
        />
      </Field>
      {reason !== "other" && (
        <p id={`${id}-note-hint`} className="-mt-2 text-xs text-ink-500">
          {text.noteHint}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onBack}>
          {text.keep}
        </Button>
        <Button type="submit" variant="danger" disabled={cancel.isPending}>
          {cancel.isPending ? text.cancelling : text.submit}
        </Button>
      </div>
    </form>
  );
}
