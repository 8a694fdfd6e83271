import { ChevronRight, Inbox } from "lucide-react";
import { QUERY_TYPE_LABELS } from "../../../../shared/contracts/support-form.ts";
import { TICKET_STATUS_LABELS } from "../../../../shared/contracts/ticket-statuses.ts";
import { DateTime } from "../../../components/date-time.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { Link } from "../../../lib/router/index.ts";
import { useMyTickets } from "../api/ticket-thread.ts";
import { TICKET_LIST_TEXT as text } from "../ticket-list-texts.ts";

/**
 * A signed-in customer's conversations with the shop, under the section's title (my-tickets.tsx,
 * which loads this only for a customer).
 */
export function MyTicketList() {
  const tickets = useMyTickets(true);
  const { i18n } = useLingui();
  return (
    <>
      <p className="mt-2 text-sm text-ink-500">{i18n._(text.mineIntro)}</p>
      <div className="mt-4">
        {tickets.isPending ? (
          <Spinner label={i18n._(text.loading)} />
        ) : !tickets.data ? (
          <LoadError error={tickets.error} onRetry={() => void tickets.refetch()} />
        ) : tickets.data.tickets.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-ink-500">
            <Inbox aria-hidden="true" className="h-4 w-4" /> {i18n._(text.mineEmpty)}
          </p>
        ) : (
          <ul className="divide-y divide-cream-200">
            {tickets.data.tickets.map((ticket) => (
              <li key={ticket.reference}>
                <Link
                  to={ticket.path}
                  aria-label={i18n._(text.open, { reference: ticket.reference })}
                  className="flex items-center justify-between gap-3 rounded-xl px-2 py-3 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold text-ink-900">{ticket.reference}</span>
                    <span className="block text-sm text-ink-500">
                      {i18n._(QUERY_TYPE_LABELS[ticket.queryType])} · {i18n._(text.updated)}{" "}
                      <DateTime iso={ticket.updatedAt} />
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <Badge tone={ticket.status === "resolved" ? "neutral" : "green"}>
                      {i18n._(TICKET_STATUS_LABELS[ticket.status])}
                    </Badge>
                    <ChevronRight aria-hidden="true" className="h-4 w-4 text-ink-500" />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
