import { Undo2, X } from "lucide-react";
import { useId, useState } from "react";
import {
  declineRefundRequestSchema,
  REFUND_REQUEST_NOTE_MAX,
  type RefundRequest,
} from "../../../../shared/contracts/refund-requests.ts";
import { formatShopDateTime } from "../../../../shared/rules/shop-time.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Textarea } from "../../../components/ui/field.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useDeclineRefundRequest, useRefundRequests } from "../api/order.ts";
import { SALES_TEXT } from "../texts.ts";

const text = SALES_TEXT.requests;

/** Saying why a request is not refunded: the note goes to the ticket. */
function DeclineForm({ request, onDone }: { request: RefundRequest; onDone(): void }) {
  const id = useId();
  const decline = useDeclineRefundRequest();
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string>();
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = declineRefundRequestSchema.safeParse({ note });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message);
      return;
    }
    try {
      await decline.mutateAsync({ id: request.id, note: checked.data.note });
      toast.success(text.declined(request.orderNumber));
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <form noValidate onSubmit={submit} className="mt-2 w-full space-y-2">
      <Field
        id={`${id}-note`}
        label={text.declineNote(request.orderNumber)}
        required
        error={problem}
      >
        <Textarea
          rows={2}
          className="min-h-16"
          maxLength={REFUND_REQUEST_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
      <p className="text-xs text-ink-500">{text.declineHint}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="danger" disabled={decline.isPending}>
          {decline.isPending ? text.declining : text.declineSubmit}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {text.keep}
        </Button>
      </div>
    </form>
  );
}

/**
 * What Customer Relations asked Sales to refund, from customers' tickets: each opens its order's
 * refund step. Shown only while something waits, so an empty day keeps the board first.
 */
export function RefundRequests({ onRefund }: { onRefund(orderNumber: string): void }) {
  const requests = useRefundRequests();
  const [declining, setDeclining] = useState<number>();
  if (requests.isPending) {
    return <Spinner label={text.loading} />;
  }
  if (requests.isError) {
    return <LoadError error={requests.error} onRetry={() => void requests.refetch()} />;
  }
  const waiting = requests.data.requests;
  if (waiting.length === 0) return null;
  return (
    <section
      aria-labelledby="refund-requests-heading"
      className="rounded-2xl border-l-4 border-saffron-500 bg-white p-4 shadow-card"
      data-testid="sales-refund-requests"
    >
      <h2 id="refund-requests-heading" className="font-display text-xl font-bold text-ink-900">
        {text.heading} ({waiting.length})
      </h2>
      <p className="mt-1 text-sm text-ink-700">{text.intro}</p>
      <ul className="mt-3 space-y-3">
        {waiting.map((request) => (
          <li
            key={request.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-cream-200 bg-cream-50 p-3"
          >
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-ink-900">
                {request.orderNumber} · {request.ticketReference}
              </p>
              <p className="whitespace-pre-line break-words text-ink-700">{request.note}</p>
              <p className="text-xs text-ink-500">
                {text.asked(request.requestedBy, formatShopDateTime(request.requestedAt))}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => onRefund(request.orderNumber)}>
                <Undo2 aria-hidden="true" className="h-4 w-4" /> {text.open(request.orderNumber)}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDeclining(request.id)}>
                <X aria-hidden="true" className="h-4 w-4" /> {text.decline(request.orderNumber)}
              </Button>
            </div>
            {declining === request.id && (
              <DeclineForm request={request} onDone={() => setDeclining(undefined)} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
