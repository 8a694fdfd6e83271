import type { TimelineEntry } from "../../../../shared/contracts/sales.ts";
import { ORDER_STATUS_LABELS } from "../../../../shared/rules/order-status.ts";
import { formatShopDateTime } from "../../../../shared/rules/shop-time.ts";
import { SALES_TEXT } from "../texts.ts";
import { DetailSection } from "./detail-section.tsx";

const text = SALES_TEXT.detail;

const entryLabel = (entry: TimelineEntry) =>
  entry.kind === "status" ? ORDER_STATUS_LABELS[entry.status] : text.timelineKinds[entry.kind];

/** Every step the order took, oldest first: what, when in India time, and who. */
export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <DetailSection title={text.timeline}>
      <ol className="relative space-y-4 border-l-2 border-brand-100 pl-5 text-sm">
        {entries.map((entry, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: entries never reorder; two may share a time
            key={index}
            data-testid="sales-timeline-entry"
            className="relative"
          >
            <span
              aria-hidden="true"
              className="absolute -left-[1.69rem] top-1 h-3 w-3 rounded-full border-2 border-white bg-brand-600"
            />
            <p className="font-semibold text-ink-900">{entryLabel(entry)}</p>
            <p className="text-xs text-ink-500">
              <time dateTime={entry.at}>{formatShopDateTime(entry.at)}</time> ·{" "}
              {entry.staffName ?? text.byCustomer}
            </p>
            {entry.note && <p className="mt-0.5 text-ink-700">{entry.note}</p>}
          </li>
        ))}
      </ol>
    </DetailSection>
  );
}
