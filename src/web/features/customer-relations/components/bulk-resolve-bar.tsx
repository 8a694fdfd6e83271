import { CheckCircle2 } from "lucide-react";
import { useId } from "react";
import type { BulkResolveResult, InboxTicket } from "../../../../shared/contracts/support-inbox.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useResolveTickets } from "../api/inbox.ts";
import { RELATIONS_TEXT } from "../texts.ts";

const text = RELATIONS_TEXT.inbox;

/**
 * Above the rows of an open or waiting tab: "Select all shown", how many are selected and one
 * button that resolves them together. Tickets someone changed meanwhile stay as they are, listed
 * with the reason, where the member is looking.
 */
export function BulkResolveBar({
  shown,
  selected,
  onSelect,
  onRefused,
}: {
  shown: InboxTicket[];
  /** Each selected ticket's version as the member saw it. */
  selected: Map<string, number>;
  onSelect(next: Map<string, number>): void;
  /** The tickets left as they were, for the inbox to list where the member is looking. */
  onRefused(refused: BulkResolveResult["refused"]): void;
}) {
  const id = useId();
  const resolve = useResolveTickets();
  const all = shown.length > 0 && shown.every((ticket) => selected.has(ticket.reference));
  const some = !all && shown.some((ticket) => selected.has(ticket.reference));

  const submit = async () => {
    const tickets = [...selected].map(([reference, version]) => ({ reference, version }));
    try {
      const result = await resolve.mutateAsync({ tickets });
      onRefused(result.refused);
      if (result.resolved.length > 0) toast.success(text.resolvedMany(result.resolved.length));
      onSelect(new Map());
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="mb-3 flex flex-wrap items-center gap-3 rounded-xl bg-cream-50 px-3 py-2">
      <label htmlFor={`${id}-all`} className="flex items-center gap-2 text-sm font-semibold">
        <input
          id={`${id}-all`}
          type="checkbox"
          className="h-5 w-5 shrink-0 cursor-pointer accent-brand-600"
          checked={all}
          ref={(box) => {
            if (box) box.indeterminate = some;
          }}
          onChange={() =>
            onSelect(
              all ? new Map() : new Map(shown.map((ticket) => [ticket.reference, ticket.version])),
            )
          }
        />
        {text.selectAll}
      </label>
      {selected.size > 0 && (
        <>
          <span className="text-sm text-ink-700" aria-live="polite">
            {text.selected(selected.size)}
          </span>
          <Button
            size="sm"
            variant="outline"
            className="ml-auto"
            disabled={resolve.isPending}
            onClick={() => void submit()}
          >
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
            {resolve.isPending ? text.resolving : text.resolveSelected(selected.size)}
          </Button>
        </>
      )}
    </div>
  );
}

/** The tickets a bulk resolve left as they were, each with its reason; kept until the next. */
export function RefusedTickets({ refused }: { refused: BulkResolveResult["refused"] }) {
  if (refused.length === 0) return null;
  return (
    <div role="alert" className="mb-3 rounded-xl bg-red-50 p-3 text-sm text-red-800">
      <p className="font-semibold">{text.notResolvedHeading(refused.length)}</p>
      <ul className="mt-1 list-disc pl-5">
        {refused.map((refusal) => (
          <li key={refusal.reference}>{text.notResolved(refusal.reference, refusal.message)}</li>
        ))}
      </ul>
    </div>
  );
}
