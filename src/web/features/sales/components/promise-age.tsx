import {
  Ban,
  CalendarHeart,
  CircleCheck,
  type LucideIcon,
  OctagonAlert,
  TriangleAlert,
} from "lucide-react";
import { EVENT_ORDER_TEXT } from "../../../../shared/rules/event-orders.ts";
import {
  formatAge,
  PROMISE_LABELS,
  type PromiseState,
  promiseState,
} from "../../../../shared/rules/order-fulfilment.ts";
import type { OrderStatus } from "../../../../shared/rules/order-status.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { cn } from "../../../lib/cn.ts";
import { SALES_TEXT } from "../texts.ts";

const LOOK: Record<
  PromiseState,
  { tone: "green" | "saffron" | "red" | "neutral"; icon: LucideIcon; age: string }
> = {
  on_time: { tone: "green", icon: CircleCheck, age: "text-ink-700" },
  at_risk: { tone: "saffron", icon: TriangleAlert, age: "font-semibold text-ink-900" },
  late: { tone: "red", icon: OctagonAlert, age: "font-semibold text-red-700" },
  delivered_on_time: { tone: "green", icon: CircleCheck, age: "text-ink-500" },
  delivered_late: { tone: "red", icon: OctagonAlert, age: "text-ink-500" },
  cancelled: { tone: "neutral", icon: Ban, age: "text-ink-500" },
};

type Order = {
  status: OrderStatus;
  placedAt: string;
  deliveredAt: string | null;
  eventTicket?: string | null;
};

/** How long the order has been open, or how long it took: none for a cancelled order. */
function ageText(order: Order, state: PromiseState, now: Date): string | undefined {
  const placed = Date.parse(order.placedAt);
  if (state === "cancelled") return undefined;
  if (order.status === "delivered") {
    const delivered = order.deliveredAt ? Date.parse(order.deliveredAt) : placed;
    return SALES_TEXT.promise.took(formatAge(delivered - placed));
  }
  return formatAge(now.getTime() - placed);
}

/**
 * An order's age against the 30-60 minute promise (an event order's: its day), worked out from the server's clock: on time,
 * at risk or late, each in its own words, icon and colour, so no one needs the colour to tell.
 */
export function PromiseAge({
  order,
  now,
  className,
}: {
  order: Order;
  now: Date;
  className?: string;
}) {
  const state = promiseState(order, now);
  const look = LOOK[state];
  const Icon = look.icon;
  const age = ageText(order, state, now);
  return (
    <span
      data-testid="order-promise"
      data-promise={state}
      className={cn("inline-flex flex-wrap items-center gap-x-2 gap-y-1", className)}
    >
      {age && (
        <span className={cn("whitespace-nowrap tabular-nums", look.age)}>
          <span className="sr-only">{SALES_TEXT.promise.age}: </span>
          {age}
        </span>
      )}
      <Badge tone={look.tone} className="whitespace-nowrap">
        <Icon aria-hidden="true" className="h-3.5 w-3.5" />
        {PROMISE_LABELS[state]}
      </Badge>
      {order.eventTicket && (
        <Badge tone="saffron" className="whitespace-nowrap">
          <CalendarHeart aria-hidden="true" className="h-3.5 w-3.5" />
          {EVENT_ORDER_TEXT.badge}
        </Badge>
      )}
    </span>
  );
}
