import type { OrderView } from "../../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { formatQuantityIn, isWeighed, type Translate } from "../../../../shared/rules/measure.ts";
import { PACKED_TEXT } from "../../../../shared/rules/packed-weight.ts";
import { PriceSummary } from "../../../components/price-summary.tsx";
import { cn } from "../../../lib/cn.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { ORDER_TEXT } from "../texts.ts";

type Totals = Pick<OrderView, "subtotalPaise" | "gstPaise" | "deliveryFeePaise" | "totalPaise">;

type Line = OrderView["lines"][number];

/**
 * A weighed line as its buyer reads it once packed: "Tomatoes 1 kg ordered, 1.04 kg packed",
 * and what it was charged for when that is neither (a weight beyond the tolerance, or prepaid).
 */
function PackedLine({
  line,
  name,
  ordered,
  packed,
}: {
  line: Line;
  name: string;
  ordered: number;
  packed: number;
}) {
  const { i18n } = useLingui();
  const translate: Translate = (id, values) => i18n._(id, values);
  return (
    <span>
      {i18n._(PACKED_TEXT.line, {
        name,
        ordered: formatQuantityIn(translate, ordered, line.unit),
        packed: formatQuantityIn(translate, packed, line.unit),
      })}
      {line.quantity !== packed && (
        <span className="block text-xs text-ink-500">
          {i18n._(ORDER_TEXT.chargedFor, {
            quantity: formatQuantityIn(translate, line.quantity, line.unit),
          })}
          {line.quantity === ordered && packed > ordered && <> {i18n._(PACKED_TEXT.extraFree)}</>}
        </span>
      )}
    </span>
  );
}

/**
 * An order's lines as its buyer reads them: what came, what was ordered if a pick fell short, and
 * what the scale read for what is sold by weight. Each product is named as it was sold in the
 * order's language (`locale`) on a page in that language, in English on any other.
 */
export function OrderLines({
  lines,
  locale,
  className,
}: {
  lines: OrderView["lines"];
  locale?: OrderView["locale"] | undefined;
  className?: string;
}) {
  const { i18n } = useLingui();
  const translate: Translate = (id, values) => i18n._(id, values);
  const nameOf = (line: Line) => (locale === i18n.locale && line.localName) || line.name;
  return (
    <ul className={cn("divide-y divide-cream-200 text-sm", className)}>
      {lines.map((line) => {
        const ordered = line.orderedQuantity ?? line.quantity;
        const packed = line.packedQuantity;
        return (
          <li key={line.productId} className="flex justify-between gap-3 py-2.5">
            {packed != null && packed !== ordered ? (
              <PackedLine line={line} name={nameOf(line)} ordered={ordered} packed={packed} />
            ) : (
              <span>
                {nameOf(line)}{" "}
                <span className="text-ink-500">
                  × {formatQuantityIn(translate, line.quantity, line.unit)}
                  {ordered !== line.quantity && (
                    <>
                      {" "}
                      {i18n._(ORDER_TEXT.ordered, {
                        quantity: isWeighed(line.unit)
                          ? formatQuantityIn(translate, ordered, line.unit)
                          : ordered,
                      })}
                    </>
                  )}
                </span>
              </span>
            )}
            <span className="font-semibold tabular-nums">{formatRupees(line.taxablePaise)}</span>
          </li>
        );
      })}
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
