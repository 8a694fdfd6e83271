// What each of the desk's bulk-order forms is made of: a titled section, and the send that shows
// a refusal in place and as a toast.
import { useId } from "react";
import type { StaffBulkOrder } from "../../../../shared/contracts/bulk-pipeline.ts";
import { toast } from "../../../components/toasts.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { serverFieldError } from "../../../lib/form-problems.ts";
import { type BulkMove, useBulkMove } from "../api/bulk-pipeline.ts";

/** Sends a move; the reason of a refusal is shown in place and as a toast. */
export function useSend(order: StaffBulkOrder) {
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

export function MoveSection({ title, children }: { title: string; children: React.ReactNode }) {
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
