import { Inbox, SearchX } from "lucide-react";
import { type ReactNode, useState } from "react";
import { QUERY_TYPE_LABELS } from "../../../../shared/contracts/support.ts";
import {
  type BulkResolveResult,
  type InboxTicket,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type TicketStatus,
} from "../../../../shared/contracts/support-inbox.ts";
import { DateTime } from "../../../components/date-time.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { cn } from "../../../lib/cn.ts";
import { LiveStatus } from "../../staff/ui/live-status.tsx";
import { EmptyState, Panel, PanelSkeleton } from "../../staff/ui/panel.tsx";
import { Segmented } from "../../staff/ui/segmented.tsx";
import { useServerClock } from "../../staff/use-server-clock.ts";
import { useInbox } from "../api/inbox.ts";
import { type DeskFilters, NO_FILTERS } from "../desk-address.ts";
import { RELATIONS_TEXT } from "../texts.ts";
import { BulkResolveBar, RefusedTickets } from "./bulk-resolve-bar.tsx";
import { InboxFilters } from "./inbox-filters.tsx";
import { ReplyClock } from "./reply-clock.tsx";

const text = RELATIONS_TEXT.inbox;

function OrderNumber({ ticket }: { ticket: InboxTicket }) {
  if (!ticket.orderNumber) return null;
  return (
    <span className="block text-xs text-ink-500">
      {ticket.orderNumber}{" "}
      <span className={ticket.orderFound ? "text-brand-700" : "text-ink-500"}>
        ({ticket.orderFound ? text.orderFound : text.orderMissing})
      </span>
    </span>
  );
}

function TicketRow({
  ticket,
  now,
  onOpen,
  selected,
  onSelected,
}: {
  ticket: InboxTicket;
  now: Date;
  onOpen(reference: string): void;
  /** Undefined where the tab offers no bulk action. */
  selected: boolean | undefined;
  onSelected(selected: boolean): void;
}) {
  const overdue = ticket.replyDueAt !== null && Date.parse(ticket.replyDueAt) < now.getTime();
  return (
    <li
      data-shortcut-row={ticket.reference}
      className={cn(
        "rounded-xl border p-3 sm:p-4",
        overdue ? "border-red-200 bg-red-50/50" : "border-cream-200",
      )}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          {selected !== undefined && (
            <input
              type="checkbox"
              aria-label={text.select(ticket.reference)}
              className="mr-2 h-5 w-5 cursor-pointer align-text-bottom accent-brand-600"
              checked={selected}
              onChange={(event) => onSelected(event.target.checked)}
            />
          )}
          <button
            type="button"
            onClick={() => onOpen(ticket.reference)}
            data-shortcut-open
            aria-label={text.open(ticket.reference)}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {ticket.reference}
          </button>
          <span className="ml-2 text-sm text-ink-900">
            <bdi>{ticket.name}</bdi>
          </span>
          <span className="ml-2 text-sm text-ink-500">{QUERY_TYPE_LABELS[ticket.queryType]}</span>
          <OrderNumber ticket={ticket} />
          <p className="mt-1 line-clamp-2 break-words text-sm text-ink-700">
            <bdi>{ticket.preview}</bdi>
          </p>
        </div>
        <div className="flex shrink-0 flex-row items-center gap-3 sm:flex-col sm:items-end">
          {ticket.status === "open" ? (
            <ReplyClock dueAt={ticket.replyDueAt} now={now} />
          ) : (
            <Badge tone="neutral">{TICKET_STATUS_LABELS[ticket.status]}</Badge>
          )}
          <span className="text-xs text-ink-500">
            <DateTime iso={ticket.updatedAt} />
          </span>
        </div>
      </div>
    </li>
  );
}

/** The inbox: one status at a time, searched and filtered, the most urgent open tickets first, live. */
export function SupportInbox({
  status,
  onStatus,
  filters,
  onFilters,
  onOpen,
  tools,
}: {
  status: TicketStatus;
  onStatus(status: TicketStatus): void;
  filters: DeskFilters;
  onFilters(filters: DeskFilters): void;
  onOpen(reference: string): void;
  /** The dashboard's own controls beside the tabs (saved views, keyboard shortcuts). */
  tools?: ReactNode;
}) {
  const inbox = useInbox(status, filters);
  const filtered = Boolean(filters.q || filters.type || filters.age);
  const pages = inbox.data?.pages ?? [];
  const first = pages[0];
  const now = useServerClock(first?.now, inbox.dataUpdatedAt);
  const tickets = pages.flatMap((page) => page.tickets);
  const counts = first?.counts;
  const [selection, setSelection] = useState(() => new Map<string, number>());
  const [refused, setRefused] = useState<BulkResolveResult["refused"]>([]);
  const selectable = status !== "resolved";
  // A selection belongs to the list it was made in: another tab, search or filter starts afresh.
  const listKey = JSON.stringify([status, filters]);
  const [selectionOf, setSelectionOf] = useState(listKey);
  if (selectionOf !== listKey) {
    setSelectionOf(listKey);
    setSelection(new Map());
    setRefused([]);
  }
  const select = (ticket: InboxTicket, on: boolean) => {
    const next = new Map(selection);
    if (on) next.set(ticket.reference, ticket.version);
    else next.delete(ticket.reference);
    setSelection(next);
  };
  const countOf = (tab: TicketStatus) =>
    tab === "open" ? counts?.open : tab === "waiting" ? counts?.waiting : undefined;

  return (
    <Panel
      title={text.heading}
      description={text.intro}
      actions={<LiveStatus />}
      className="lg:col-span-2"
      testId="support-inbox"
    >
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Segmented
          label={text.tabs}
          value={status}
          onChange={onStatus}
          options={TICKET_STATUSES.map((tab) => {
            const count = countOf(tab);
            const label = TICKET_STATUS_LABELS[tab];
            return { value: tab, label: count === undefined ? label : `${label} (${count})` };
          })}
        />
        {counts && counts.overdue > 0 && (
          <Badge tone="red">{text.overdueCount(counts.overdue)}</Badge>
        )}
        {tools && <div className="flex flex-wrap items-center gap-2 sm:ml-auto">{tools}</div>}
      </div>
      <InboxFilters filters={filters} onChange={onFilters} />
      <RefusedTickets refused={refused} />
      <section aria-label={TICKET_STATUS_LABELS[status]}>
        {inbox.isPending ? (
          <PanelSkeleton label={text.loading} />
        ) : !inbox.data ? (
          <LoadError error={inbox.error} onRetry={() => void inbox.refetch()} />
        ) : tickets.length === 0 && filtered ? (
          <EmptyState icon={SearchX} title={text.noMatch(filters.q)}>
            <p>{text.noMatchHint}</p>
            <Button variant="outline" className="mt-3" onClick={() => onFilters(NO_FILTERS)}>
              {text.clearFilters}
            </Button>
          </EmptyState>
        ) : tickets.length === 0 ? (
          <EmptyState icon={Inbox} title={text.empty[status]}>
            {text.emptyHint}
          </EmptyState>
        ) : (
          <>
            {selectable && (
              <BulkResolveBar
                shown={tickets}
                selected={selection}
                onSelect={setSelection}
                onRefused={setRefused}
              />
            )}
            <ul className="space-y-2">
              {tickets.map((ticket) => (
                <TicketRow
                  key={ticket.reference}
                  ticket={ticket}
                  now={now}
                  onOpen={onOpen}
                  selected={selectable ? selection.has(ticket.reference) : undefined}
                  onSelected={(on) => select(ticket, on)}
                />
              ))}
            </ul>
            {inbox.hasNextPage && (
              <Button
                variant="outline"
                className="mt-4"
                disabled={inbox.isFetchingNextPage}
                onClick={() => void inbox.fetchNextPage()}
              >
                {text.more}
              </Button>
            )}
          </>
        )}
      </section>
    </Panel>
  );
}
