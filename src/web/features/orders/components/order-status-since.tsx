import { ORDER_STATUS_LABELS, type OrderStatus } from "../../../../shared/rules/order-status.ts";
import { DateTime } from "../../../components/date-time.tsx";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";

/** The status's English name (the forms catalogue's key): show it with `i18n._`. */
export const orderStatusLabel = (status: string) =>
  ORDER_STATUS_LABELS[status as OrderStatus] ?? status;

/** When the order reached its state, in India time: "· 24 Nov 2026, 7:45 pm". */
export function StatusSince({ statusAt }: { statusAt: string }) {
  return (
    <span className="font-normal text-ink-500">
      · <DateTime iso={statusAt} />
    </span>
  );
}

/** The order's state and when it got there: "Delivered · 24 Nov 2026, 7:45 pm". */
export function OrderStatusSince({ status, statusAt }: { status: string; statusAt: string }) {
  const { i18n } = useLingui();
  return (
    <>
      {i18n._(orderStatusLabel(status))} <StatusSince statusAt={statusAt} />
    </>
  );
}
