// A line as packed: what the scale read for a weighed line (or the units supplied), said against
// what was ordered, and what the shopper is charged for when that is less than was packed.
import type { SalesOrderLine } from "../../../../shared/contracts/sales.ts";
import { needsShortReason, PACKED_TEXT } from "../../../../shared/rules/packed-weight.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { SALES_TEXT } from "../texts.ts";

const text = SALES_TEXT.detail;

/** What the scale read for a weighed line once packed, or the units supplied. */
export const packedOf = (line: SalesOrderLine) => line.packedQuantity ?? line.quantity;

/** Packed otherwise than ordered: short, or a weighed line the scale read at another weight. */
export const packedOtherwise = (line: SalesOrderLine) => packedOf(line) !== line.orderedQuantity;

/** "Tomatoes 1 kg ordered, 1.04 kg packed, charged for 1 kg"; null for a line packed as ordered. */
export function packedText(line: SalesOrderLine): string | null {
  if (!packedOtherwise(line)) return null;
  const packed = packedOf(line);
  const said = PACKED_TEXT.orderedAndPacked(line.name, line.unit, line.orderedQuantity, packed);
  return line.quantity === packed ? said : `${said}, ${text.chargedFor(line.quantity, line.unit)}`;
}

/** Under a line on screen: marked short when it needed a reason, weighed otherwise. */
export function PackedNote({
  line,
  tolerancePercent,
}: {
  line: SalesOrderLine;
  tolerancePercent: number;
}) {
  const said = packedText(line);
  if (!said) return null;
  const short = needsShortReason(
    { unit: line.unit, ordered: line.orderedQuantity, packed: packedOf(line) },
    tolerancePercent,
  );
  return (
    <span className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-ink-700">
      <Badge tone={short ? "saffron" : "neutral"}>{short ? text.short : text.weighed}</Badge>
      {said}
    </span>
  );
}
