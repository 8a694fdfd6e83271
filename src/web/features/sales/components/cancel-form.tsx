import { useEffect, useId, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
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
import { useCheckedForm } from "../../../lib/checked-form.ts";
import { schemaChecks } from "../../../lib/schema-checks.ts";
import { useCancelOrder } from "../api/order.ts";
import { SALES_TEXT } from "../texts.ts";
import { RefusalNote } from "./alert-note.tsx";

const text = SALES_TEXT.cancel;

type CancelValues = { reason: CancelReason | ""; note: string };

/** The shared schema on the reason chosen, if any, and the note, if written. */
const checks = schemaChecks(cancelOrderSchema, {
  request: (values: CancelValues) => ({
    reason: values.reason || undefined,
    note: values.note.trim() || undefined,
  }),
});

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
  const cancel = useCancelOrder();
  const form = useCheckedForm(checks, {
    defaultValues: { reason: "", note: "" },
    reValidateMode: "onSubmit",
  });
  const reason = useWatch({ control: form.control, name: "reason" });
  const problems = form.formState.errors;
  const [refusal, setRefusal] = useState<string>();

  const reasonField = form.register("reason");
  const reasonRef = useRef<HTMLSelectElement | null>(null);

  useEffect(() => reasonRef.current?.focus(), []);

  const paidOnline = order.payment.method !== "cash" && order.payment.status === "paid";

  const cancelOrder = form.handleSubmit(async (reasons) => {
    try {
      await cancel.mutateAsync({ orderNumber: order.orderNumber, cancel: reasons });
      toast.success(text.done(order.orderNumber));
      onCancelled();
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  });
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    setRefusal(undefined);
    void cancelOrder(event);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="rounded-2xl bg-white p-4 text-sm text-ink-700 shadow-card">
        {text.consequences(paidOnline, order.totalPaise)}
      </p>
      {refusal && <RefusalNote>{refusal}</RefusalNote>}
      <Field id={`${id}-reason`} label={text.reason} required error={problems.reason?.message}>
        <Select
          {...reasonField}
          ref={(element) => {
            reasonField.ref(element);
            reasonRef.current = element;
          }}
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
        error={problems.note?.message}
      >
        <Textarea
          aria-describedby={reason !== "other" ? `${id}-note-hint` : undefined}
          maxLength={500}
          rows={3}
          className="min-h-20"
          {...form.register("note")}
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
