// Shown on the Sales and the Inventory dashboards: orders that took a large share of a product's
// stock, as they are placed (the store announces each under its own topic).
import { TriangleAlert } from "lucide-react";
import { useId } from "react";
import type {
  LargeOrderDashboard,
  LargeOrderNotice,
} from "../../../shared/contracts/large-orders.ts";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import { LARGE_ORDER_TEXT, largeOrderNoticeText } from "../../../shared/rules/large-order-share.ts";
import { formatShopDateTime } from "../../../shared/rules/shop-time.ts";
import { Button } from "../../components/ui/button.tsx";
import { useStaffEvents } from "../staff/api/staff-events.ts";
import { largeOrdersKey, useLargeOrderNotices } from "./api/large-orders.ts";

type Props = {
  dashboard: LargeOrderDashboard;
  /** What the member can do next with a notice: open the order, the product's stock. */
  action?: {
    label: string;
    /** The button's name for assistive technology: which order or product it opens. */
    nameFor(notice: LargeOrderNotice): string;
    run(notice: LargeOrderNotice): void;
  };
};

/** Nothing while there is nothing to tell; the list, newest first, once there is. */
export function LargeOrderNotices({ dashboard, action }: Props) {
  const notices = useLargeOrderNotices(dashboard);
  useStaffEvents({ [LIVE_TOPICS.largeOrders]: [largeOrdersKey(dashboard)] });
  const headingId = useId();
  const list = notices.data?.notices ?? [];
  return (
    // Always there, so a notice that arrives while the page is open is announced.
    <div aria-live="polite">
      {list.length > 0 && (
        <section
          aria-labelledby={headingId}
          data-testid="large-order-notices"
          className="rounded-2xl border border-saffron-500/50 bg-saffron-400/15 p-4 sm:p-5"
        >
          <h2
            id={headingId}
            className="flex items-center gap-2 text-base font-bold text-ink-900 sm:text-lg"
          >
            <TriangleAlert aria-hidden="true" className="h-5 w-5 shrink-0 text-saffron-600" />
            {LARGE_ORDER_TEXT.heading}
          </h2>
          <p className="mt-1 text-sm text-ink-700">{LARGE_ORDER_TEXT.intro}</p>
          <ul className="mt-3 divide-y divide-saffron-500/25">
            {list.map((notice) => (
              <li
                key={`${notice.orderNumber}-${notice.productId}`}
                className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="text-sm font-semibold text-ink-900">
                    {largeOrderNoticeText(notice)}
                  </p>
                  <p className="text-xs text-ink-500">
                    <time dateTime={notice.at}>{formatShopDateTime(notice.at)}</time>
                  </p>
                </div>
                {action && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="self-start sm:self-auto"
                    aria-label={action.nameFor(notice)}
                    onClick={() => action.run(notice)}
                  >
                    {action.label}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
