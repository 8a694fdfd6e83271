import type { OrderView } from "../../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { PriceSummary } from "../../../components/price-summary.tsx";
import { cn } from "../../../lib/cn.ts";
import { ORDER_TEXT } from "../texts.ts";

type Totals = Pick<OrderView, "subtotalPaise" | "gstPaise" | "deliveryFeePaise" | "totalPaise">;

/** An order's lines as its buyer reads them: what came, and what was ordered if a pick fell short. */
export function OrderLines({
  lines,
  className,
}: {
  lines: OrderView["lines"];
  className?: string;
}) {
  return (
    <ul className={cn("divide-y divide-cream-200 text-sm", className)}>
      {lines.map((line) => (
        <li key={line.productId} className="flex justify-between gap-3 py-2.5">
          <span>
            {line.name}{" "}
            <span className="text-ink-500">
              × {line.quantity} {line.unit}
              {line.orderedQuantity != null && line.orderedQuantity !== line.quantity && (
                <> {ORDER_TEXT.ordered(line.orderedQuantity)}</>
              )}
            </span>
          </span>
          <span className="font-semibold tabular-nums">{formatRupees(line.taxablePaise)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The order's totals, as the cart and checkout show them. */
export function OrderTotals({ order }: { order: Totals }) {
  return (
    <PriceSummary
      breakdown={{
        lines: [],
        subtotalPaise: order.subtotalPaise,
        gstPaise: order.gstPaise,
        deliveryFeePaise: order.deliveryFeePaise,
        totalPaise: order.totalPaise,
      }}
    />
  );
}
