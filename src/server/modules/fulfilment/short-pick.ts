import { asc, eq } from "drizzle-orm";
import type { MoveOrder } from "../../../shared/contracts/sales.ts";
import { formatQuantity, isWeighed } from "../../../shared/rules/measure.ts";
import {
  FULFILMENT_MESSAGES,
  SHORT_PICK_LEDGER,
  SHORT_PICK_REASON_LABELS,
  type ShortPickReason,
} from "../../../shared/rules/order-fulfilment.ts";
import {
  chargedQuantity,
  needsShortReason,
  overPackAllowed,
  PACKED_TEXT,
} from "../../../shared/rules/packed-weight.ts";
import { priceAfterShortPick } from "../../../shared/rules/pricing.ts";
import type { Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { applyMovementOrRefuse, mustMove } from "../inventory/index.ts";
import { orderLineShortPicked, orderRepriced, recordOrderEvent } from "../orders/index.ts";
import { orderLines, type orders } from "../orders/schema.ts";
import type { StaffMember } from "../staff/index.ts";
import type { ShortPickChange } from "./order-status-mails.ts";

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type Picked = NonNullable<MoveOrder["picked"]>;

export type PackingTerms = {
  /** The shop's tolerance for weighed lines, in percent either way. */
  weightTolerancePercent: number;
  /** The order was paid online before packing: it is never charged more than it paid. */
  paidBeforePacking: boolean;
};

type Packed = { line: LineRow; packed: number; reason: ShortPickReason | undefined };

/** The picks checked against the order's lines: known lines, once each, with a reason when short. */
function checkPicks(lines: readonly LineRow[], picked: Picked, terms: PackingTerms): Packed[] {
  const seen = new Map<string, Packed>();
  for (const pick of picked) {
    const line = lines.find((candidate) => candidate.productId === pick.productId);
    if (!line || seen.has(pick.productId)) {
      throw new AppError(
        "VALIDATION_FAILED",
        FULFILMENT_MESSAGES.shortPickUnknownLine(pick.productId),
        "picked",
      );
    }
    const packedLine = { unit: line.unit, ordered: line.quantity, packed: pick.quantity };
    if (!overPackAllowed(packedLine)) {
      throw new AppError(
        "VALIDATION_FAILED",
        isWeighed(line.unit)
          ? PACKED_TEXT.weighAgain(line.name, line.unit, line.quantity, pick.quantity)
          : FULFILMENT_MESSAGES.shortPickMore(line.name, line.quantity),
        "picked",
      );
    }
    if (needsShortReason(packedLine, terms.weightTolerancePercent) && !pick.reason) {
      throw new AppError(
        "VALIDATION_FAILED",
        `${line.name}: ${FULFILMENT_MESSAGES.shortPickReason}`,
        "picked",
      );
    }
    seen.set(pick.productId, { line, packed: pick.quantity, reason: pick.reason });
  }
  return [...seen.values()];
}

/**
 * Packs the order as it was packed: fewer units than ordered where the shelf had fewer fit to
 * sell, and each weighed line at the scale's reading. The lines, the order's totals and GST are
 * recomputed at the order's own prices (a weighed line charged as packed within the tolerance,
 * capped at it, and never above what a payment taken before packing covered); the delivery fee
 * never rises. The ledger records what came back from the order and why it left again (the
 * packer's reason), or the extra weight that left the shelf. Answers nothing when every line is
 * packed as ordered.
 */
export async function shortPick(
  tx: Transaction,
  order: OrderRow,
  picked: Picked,
  member: Pick<StaffMember, "id" | "name">,
  terms: PackingTerms,
): Promise<{ order: OrderRow; changes: ShortPickChange[]; refundPaise: number } | undefined> {
  if (picked.length === 0) return undefined;
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.productId));
  const packs = checkPicks(lines, picked, terms).filter(
    ({ line, packed }) => packed !== line.quantity,
  );
  if (packs.length === 0) return undefined;
  const charged = new Map(
    packs.map(({ line, packed }) => [
      line.id,
      chargedQuantity(
        { unit: line.unit, ordered: line.quantity, packed },
        terms.weightTolerancePercent,
        terms.paidBeforePacking,
      ),
    ]),
  );
  const supplied = lines.map((line) => charged.get(line.id) ?? line.quantity);
  if (supplied.every((quantity) => quantity === 0)) {
    throw new AppError("VALIDATION_FAILED", FULFILMENT_MESSAGES.shortPickNothingLeft, "picked");
  }

  const prices = priceAfterShortPick(
    lines.map((line, index) => ({
      unitPricePaise: line.unitPricePaise,
      quantity: supplied[index]!,
      unit: line.unit,
      gstRateBps: line.gstRateBps,
    })),
    order.deliveryFeePaise,
    { deliveryQuoted: order.eventTicket !== null },
  );
  const { deliveryFeePaise, totalPaise } = prices;

  const changes: ShortPickChange[] = [];
  for (const { line, packed, reason } of packs) {
    const index = lines.indexOf(line);
    const quantity = supplied[index]!;
    const weighed = isWeighed(line.unit);
    changes.push({
      name: line.name,
      unit: line.unit,
      ordered: line.orderedQuantity ?? line.quantity,
      supplied: quantity,
      packed: weighed ? packed : null,
      short: reason !== undefined,
    });
    await orderLineShortPicked(tx, line.id, {
      quantity,
      packedQuantity: weighed ? packed : null,
      taxablePaise: prices.lines[index]!.taxablePaise,
      gstPaise: prices.lines[index]!.gstPaise,
    });
    await packedLedger(tx, { order, line, packed, reason, member });
  }
  const [updated] = await orderRepriced(tx, order.id, {
    subtotalPaise: prices.subtotalPaise,
    gstPaise: prices.gstPaise,
    deliveryFeePaise,
    totalPaise,
  }).returning();
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: "short_pick",
    status: order.status as "packed",
    by: member,
    note: changes
      .map(
        (change) =>
          `${change.name}: ${formatQuantity(change.packed ?? change.supplied, change.unit)} of ${formatQuantity(change.ordered, change.unit)}`,
      )
      .join("; "),
  });
  return { order: updated!, changes, refundPaise: order.totalPaise - totalPaise };
}

/**
 * The ledger for one line packed otherwise than ordered. What was ordered left the shelf when
 * the order was placed. Less packed: the rest comes back from the order (to its lot) and, for a
 * reason, leaves again as a count correction or a write-off; a weighing within the tolerance
 * leaves it on the shelf. More packed (weighed only): the extra leaves the shelf as a sale.
 */
async function packedLedger(
  tx: Transaction,
  parts: {
    order: OrderRow;
    line: LineRow;
    packed: number;
    reason: ShortPickReason | undefined;
    member: Pick<StaffMember, "id">;
  },
): Promise<void> {
  const { order, line, packed, reason, member } = parts;
  const common = { productId: line.productId, orderId: order.id, staffId: member.id };
  if (packed > line.quantity) {
    await applyMovementOrRefuse(tx, {
      ...common,
      kind: "sale",
      delta: -(packed - line.quantity),
      note: `Weighed heavier when packing ${order.orderNumber}`,
    });
    return;
  }
  const short = line.quantity - packed;
  await mustMove(tx, {
    ...common,
    kind: "cancellation",
    delta: short,
    note: reason
      ? `Short-picked when packing ${order.orderNumber}`
      : `Weighed lighter when packing ${order.orderNumber}`,
  });
  if (!reason) return;
  // The units were there and unfit (a write-off), or never on the shelf (a count correction).
  const ledger = SHORT_PICK_LEDGER[reason];
  await mustMove(tx, {
    ...common,
    kind: ledger.kind,
    delta: -short,
    reason: ledger.kind === "write_off" ? ledger.reason : null,
    note: `${SHORT_PICK_REASON_LABELS[reason]} when packing ${order.orderNumber}`,
  });
}
