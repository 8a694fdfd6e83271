import {
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from "../../../../shared/contracts/checkout.ts";
import {
  ORDER_STATUS_LABELS,
  type OrderStatus,
  PAYMENT_STATUS_LABELS,
  type PaymentStatus,
} from "../../../../shared/rules/order-status.ts";
import { Badge } from "../../../components/ui/badge.tsx";

type Tone = "green" | "saffron" | "neutral" | "red";

const STATUS_TONES: Record<OrderStatus, Tone> = {
  awaiting_payment: "saffron",
  placed: "saffron",
  confirmed: "neutral",
  packed: "neutral",
  out_for_delivery: "green",
  delivered: "green",
  cancelled: "red",
};

const PAYMENT_TONES: Record<PaymentStatus, Tone> = {
  pending: "saffron",
  paid: "green",
  failed: "red",
  refunded: "neutral",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} className="whitespace-nowrap">
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The method, then where its money stands: "UPI" "Paid", "Cash on Delivery" "Payment pending". */
export function PaymentBadges({
  method,
  status,
}: {
  method: PaymentMethod;
  status: PaymentStatus;
}) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge tone="neutral" className="whitespace-nowrap">
        {PAYMENT_METHOD_LABELS[method]}
      </Badge>
      <Badge tone={PAYMENT_TONES[status]} className="whitespace-nowrap">
        {PAYMENT_STATUS_LABELS[status]}
      </Badge>
    </span>
  );
}
