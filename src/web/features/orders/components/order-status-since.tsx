import { ORDER_STATUS_LABELS, type OrderStatus } from "../../../../shared/rules/order-status.ts";
import { formatShopDateTime } from "../../../../shared/rules/shop-time.ts";

export const orderStatusLabel = (status: string) =>
  ORDER_STATUS_LABELS[status as OrderStatus] ?? status;

/** When the order reached its state, in India time: "· 24 Nov 2026, 7:45 pm". */
export function StatusSince({ statusAt }: { statusAt: string }) {
  return (
    <span className="font-normal text-ink-500">
      · <time dateTime={statusAt}>{formatShopDateTime(statusAt)}</time>
    </span>
  );
}

/** The order's state and when it got there: "Delivered · 24 Nov 2026, 7:45 pm". */
export function OrderStatusSince({ status, statusAt }: { status: string; statusAt: string }) {
  return (
    <>
      {orderStatusLabel(status)} <StatusSince statusAt={statusAt} />
    </>
  );
}
