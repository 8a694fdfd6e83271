import { CalendarDays } from "lucide-react";
import { useState } from "react";
import {
  PIPELINE_FILTERS,
  type PipelineFilter,
  type PipelineItem,
} from "../../../../shared/contracts/bulk-pipeline.ts";
import { formatRupees } from "../../../../shared/money.ts";
import {
  BULK_STATUS_LABELS,
  BULK_STATUSES,
  eventTypeText,
} from "../../../../shared/rules/bulk-order-status.ts";
import { formatCalendarDate } from "../../../../shared/rules/shop-time.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { cn } from "../../../lib/cn.ts";
import { EmptyState, Panel, PanelSkeleton } from "../../staff/ui/panel.tsx";
import { usePipeline } from "../api/bulk-pipeline.ts";
import { RELATIONS_TEXT } from "../texts.ts";
import { BulkSheet } from "./bulk-sheet.tsx";

const text = RELATIONS_TEXT.pipeline;

function PipelineRow({ order, onOpen }: { order: PipelineItem; onOpen(ticketId: string): void }) {
  return (
    <li
      data-testid="pipeline-order"
      className={cn(
        "rounded-xl border p-3 sm:p-4",
        order.urgent ? "border-red-200 bg-red-50/50" : "border-cream-200",
      )}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <button
            type="button"
            onClick={() => onOpen(order.ticketId)}
            aria-label={text.open(order.ticketId)}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {order.ticketId}
          </button>
          <span className="ml-2 text-sm text-ink-900">
            <bdi>{order.name}</bdi>
          </span>
          <span className="ml-2 text-sm text-ink-500">{eventTypeText(order.eventType)}</span>
          <p className="mt-1 text-sm text-ink-700">
            {formatCalendarDate(order.deliveryDate)} · {text.days(order.daysLeft)} ·{" "}
            {order.quotePaise === null ? text.notQuoted : formatRupees(order.quotePaise)}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2 sm:flex-col sm:items-end">
          <Badge tone={order.status === "cancelled" ? "neutral" : "green"}>
            {BULK_STATUS_LABELS[order.status]}
          </Badge>
          {order.urgent && <Badge tone="red">{text.urgent}</Badge>}
        </div>
      </div>
    </li>
  );
}

/** Event and bulk orders by status, nearest event first; a request opens in its sheet. */
export function BulkPipeline() {
  const [filter, setFilter] = useState<PipelineFilter>("active");
  const [opened, setOpened] = useState<string>();
  const pipeline = usePipeline(filter);
  const counts = pipeline.data?.counts;
  const active = counts
    ? BULK_STATUSES.filter((status) => status !== "delivered" && status !== "cancelled").reduce(
        (sum, status) => sum + counts[status],
        0,
      )
    : undefined;
  const labelOf = (value: PipelineFilter) => {
    const label = value === "active" ? text.active : BULK_STATUS_LABELS[value];
    const count = value === "active" ? active : counts?.[value];
    return count === undefined ? label : `${label} (${count})`;
  };
  const orders = pipeline.data?.orders ?? [];
  return (
    <Panel
      title={text.heading}
      description={text.intro}
      className="lg:col-span-2"
      testId="bulk-pipeline"
    >
      <label className="mb-4 flex max-w-xs flex-col gap-1.5 text-sm font-semibold text-ink-700">
        {text.filter}
        <select
          value={filter}
          onChange={(event) => setFilter(event.target.value as PipelineFilter)}
          className="h-11 rounded-xl border border-ink-500/30 bg-white px-3 font-normal text-ink-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        >
          {PIPELINE_FILTERS.map((value) => (
            <option key={value} value={value}>
              {labelOf(value)}
            </option>
          ))}
        </select>
      </label>
      {pipeline.isPending ? (
        <PanelSkeleton label={text.loading} />
      ) : !pipeline.data ? (
        <LoadError error={pipeline.error} onRetry={() => void pipeline.refetch()} />
      ) : orders.length === 0 ? (
        <EmptyState icon={CalendarDays} title={text.empty}>
          {text.emptyHint}
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-2 lg:grid-cols-2">
            {orders.map((order) => (
              <PipelineRow key={order.ticketId} order={order} onOpen={setOpened} />
            ))}
          </ul>
          {pipeline.data.more && <p className="mt-3 text-sm text-ink-500">{text.more}</p>}
        </>
      )}
      <BulkSheet ticketId={opened} onClose={() => setOpened(undefined)} />
    </Panel>
  );
}
