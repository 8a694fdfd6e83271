// What the coming days' event orders need, product by product, against the stock on hand now.
import { CalendarDays } from "lucide-react";
import {
  type OutlookDay,
  EVENT_OUTLOOK_TEXT as text,
} from "../../../../shared/contracts/event-outlook.ts";
import { BULK_STATUS_LABELS, eventTypeText } from "../../../../shared/rules/bulk-order-status.ts";
import { formatQuantity } from "../../../../shared/rules/measure.ts";
import { formatCalendarDate } from "../../../../shared/rules/shop-time.ts";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useEventOutlook } from "../api/event-outlook.ts";
import { INVENTORY_TEXT } from "../texts.ts";

function Day({ day }: { day: OutlookDay }) {
  const headingId = `event-day-${day.date}`;
  return (
    <li className="rounded-xl border border-ink-500/15 p-3">
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-ink-900">
        <CalendarDays aria-hidden="true" className="h-4 w-4 text-brand-700" />
        {formatCalendarDate(day.date)}
      </h3>
      <p className="mt-1 text-sm text-ink-500">
        {day.orders
          .map(
            (order) =>
              `${order.ticketId} · ${eventTypeText(order.eventType)} · ${BULK_STATUS_LABELS[order.status]}`,
          )
          .join("; ")}
      </p>
      <div className="mt-2">
        <table aria-labelledby={headingId} className="w-full text-xs sm:text-sm">
          <thead>
            <tr className="text-left text-ink-500">
              <th scope="col" className="py-1 pr-2 font-medium sm:pr-3">
                {text.product}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium sm:pr-3">
                {text.committed}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium sm:pr-3">
                {text.quoted}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium sm:pr-3">
                {text.stock}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {text.short}
              </th>
            </tr>
          </thead>
          <tbody>
            {day.lines.map((line) => (
              <tr key={line.productId} className="border-t border-ink-500/10">
                <th
                  scope="row"
                  className="py-1.5 pr-2 text-left font-normal break-words text-ink-900 sm:pr-3"
                >
                  {line.name}
                </th>
                <td className="py-1.5 pr-2 text-right tabular-nums sm:pr-3">
                  {formatQuantity(line.committed, line.unit)}
                </td>
                <td className="py-1.5 pr-2 text-right tabular-nums sm:pr-3">
                  {formatQuantity(line.quoted, line.unit)}
                </td>
                <td className="py-1.5 pr-2 text-right tabular-nums sm:pr-3">
                  {formatQuantity(line.stock, line.unit)}
                </td>
                <td
                  className={
                    line.shortBy > 0
                      ? "py-1.5 text-right font-semibold text-red-700"
                      : "py-1.5 text-right text-brand-700"
                  }
                >
                  {line.shortBy > 0
                    ? INVENTORY_TEXT.outlook.shortBy(line.shortBy, line.unit)
                    : text.enough}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </li>
  );
}

export function EventOutlookCard() {
  const outlook = useEventOutlook();
  return (
    <section
      aria-labelledby="event-outlook-heading"
      className="rounded-2xl bg-white p-4 shadow-card sm:p-6"
    >
      <h2 id="event-outlook-heading" className="font-display text-xl font-bold text-ink-900">
        {text.heading}
      </h2>
      <p className="mt-1 text-sm text-ink-500">{text.intro}</p>
      <div className="mt-4">
        {outlook.isPending ? (
          <Spinner label={text.loading} />
        ) : outlook.isError && !outlook.data ? (
          <LoadError error={outlook.error} onRetry={() => void outlook.refetch()} />
        ) : outlook.data.days.length === 0 ? (
          <p className="text-sm text-ink-500">{text.empty}</p>
        ) : (
          <ul className="space-y-3">
            {outlook.data.days.map((day) => (
              <Day key={day.date} day={day} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
