import { asc, eq } from "drizzle-orm";
import type { MoveOrder } from "../../../shared/contracts/sales.ts";
import {
  FULFILMENT_MESSAGES,
  SHORT_PICK_LEDGER,
  SHORT_PICK_REASON_LABELS,
  type ShortPickReason,
} from "../../../shared/rules/order-fulfilment.ts";
import { priceAfterShortPick } from "../../../shared/rules/pricing.ts";
import type { Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { mustMove } from "../inventory/index.ts";
import { orderLineShortPicked, orderRepriced, recordOrderEvent } from "../orders/index.ts";
import { orderLines, type orders } from "../orders/schema.ts";
import type { StaffMember } from "../staff/index.ts";
import type { ShortPickChange } from "./order-status-mails.ts";

type OrderRow = typeof orders.$inferSelect;
type Picked = NonNullable<MoveOrder["picked"]>;

/**
 * Packs fewer units than ordered where the shelf had fewer fit to sell: the lines, the order's
 * totals and GST are recomputed at the prices of the order, the delivery fee never rises, and the
 * ledger records the units coming back from the order and leaving again for the packer's reason. Answers nothing
 * when every line is packed in full.
 */
export async function shortPick(
  tx: Transaction,
  order: OrderRow,
  picked: Picked,
  member: Pick<StaffMember, "id" | "name">,
): Promise<{ order: OrderRow; changes: ShortPickChange[]; refundPaise: number } | undefined> {
  if (picked.length === 0) return undefined;
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.productId));
  const packed = new Map<string, number>();
  const reasons = new Map<string, ShortPickReason>();
  for (const pick of picked) {
    const line = lines.find((candidate) => candidate.productId === pick.productId);
    if (!line || packed.has(pick.productId)) {
      throw new AppError(
        "VALIDATION_FAILED",
        FULFILMENT_MESSAGES.shortPickUnknownLine(pick.productId),
        "picked",
      );
    }
    if (pick.quantity > line.quantity) {
      throw new AppError(
        "VALIDATION_FAILED",
        FULFILMENT_MESSAGES.shortPickMore(line.name, line.quantity),
        "picked",
      );
    }
    packed.set(pick.productId, pick.quantity);
    reasons.set(pick.productId, pick.reason);
  }
  const supplied = lines.map((line) => packed.get(line.productId) ?? line.quantity);
  if (supplied.every((quantity, index) => quantity === lines[index]!.quantity)) return undefined;
  if (supplied.every((quantity) => quantity === 0)) {
    throw new AppError("VALIDATION_FAILED", FULFILMENT_MESSAGES.shortPickNothingLeft, "picked");
  }

  const prices = priceAfterShortPick(
    lines.map((line, index) => ({
      unitPricePaise: line.unitPricePaise,
      quantity: supplied[index]!,
      gstRateBps: line.gstRateBps,
    })),
    order.deliveryFeePaise,
    { deliveryQuoted: order.eventTicket !== null },
  );
  const { deliveryFeePaise, totalPaise } = prices;

  const changes: ShortPickChange[] = [];
  for (const [index, line] of lines.entries()) {
    const quantity = supplied[index]!;
    if (quantity === line.quantity) continue;
    const short = line.quantity - quantity;
    changes.push({
      name: line.name,
      unit: line.unit,
      ordered: line.orderedQuantity ?? line.quantity,
      supplied: quantity,
    });
    await orderLineShortPicked(tx, line.id, {
      quantity,
      taxablePaise: prices.lines[index]!.taxablePaise,
      gstPaise: prices.lines[index]!.gstPaise,
    });
    // The units were taken from stock (and from their lots) when the order was placed; they come
    // back from the order and leave again for the packer's reason: the shelf never had them (a
    // count correction) or had them unfit to sell (a write-off), so the ledger says which.
    await mustMove(tx, {
      productId: line.productId,
      kind: "cancellation",
      delta: short,
      orderId: order.id,
      staffId: member.id,
      note: `Short-picked when packing ${order.orderNumber}`,
    });
    const reason = reasons.get(line.productId)!;
    const ledger = SHORT_PICK_LEDGER[reason];
    await mustMove(tx, {
      productId: line.productId,
      kind: ledger.kind,
      delta: -short,
      reason: ledger.kind === "write_off" ? ledger.reason : null,
      orderId: order.id,
      staffId: member.id,
      note: `${SHORT_PICK_REASON_LABELS[reason]} when packing ${order.orderNumber}`,
    });
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
      .map((change) => `${change.name}: ${change.supplied} of ${change.ordered} ${change.unit}`)
      .join("; "),
  });
  return { order: updated!, changes, refundPaise: order.totalPaise - totalPaise };
}
