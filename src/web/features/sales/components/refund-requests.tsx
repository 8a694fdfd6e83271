import { Undo2 } from "lucide-react";
import { formatShopDateTime } from "../../../../shared/rules/shop-time.ts";
import { Button } from "../../../components/ui/button.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useRefundRequests } from "../api/order.ts";
import { SALES_TEXT } from "../texts.ts";

const text = SALES_TEXT.requests;

/**
 * What Customer Relations asked Sales to refund, from customers' tickets: each opens its order's
 * refund step. Shown only while something waits, so an empty day keeps the board first.
 */
export function RefundRequests({ onRefund }: { onRefund(orderNumber: string): void }) {
  const requests = useRefundRequests();
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
            className="flex flex-col gap-2 rounded-xl border border-cream-200 bg-cream-50 p-3 sm:flex-row sm:items-center sm:justify-between"
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
            <Button size="sm" variant="outline" onClick={() => onRefund(request.orderNumber)}>
              <Undo2 aria-hidden="true" className="h-4 w-4" /> {text.open(request.orderNumber)}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
