// What every move of a bulk order starts with: the row locked at the version its maker saw, in a
// state the move starts from, and (for the moves the board owns once it has the order) not there.
import { eq } from "drizzle-orm";
import { BULK_PIPELINE_MESSAGES } from "../../../shared/contracts/bulk-pipeline.ts";
import type { BulkStatus } from "../../../shared/rules/bulk-order-status.ts";
import { EVENT_ORDER_TEXT } from "../../../shared/rules/event-orders.ts";
import type { Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import type { BulkOrderRow } from "./bulk-order-access.ts";
import { findBulkRow } from "./bulk-pipeline.ts";
import { eventOrderNumber } from "./event-order-number.ts";
import { bulkOrders } from "./schema.ts";

/** The row, locked, if it is still at `version` and in a state the move starts from. */
export async function lockForMove(
  tx: Transaction,
  ticketId: string,
  version: number,
  allowed: readonly BulkStatus[],
  refusal: (row: BulkOrderRow) => string,
): Promise<BulkOrderRow> {
  const [row] = await tx
    .select()
    .from(bulkOrders)
    .where(eq(bulkOrders.ticketId, ticketId))
    .for("update");
  if (!row) await findBulkRow(tx, ticketId);
  if (row!.version !== version) {
    const by = row!.updatedBy === "customer" ? null : row!.updatedBy;
    throw new AppError("CONFLICT", BULK_PIPELINE_MESSAGES.changed(by));
  }
  if (!allowed.includes(row!.status as BulkStatus)) throw new AppError("CONFLICT", refusal(row!));
  return row!;
}

/** On the Sales board, an event order is delivered or cancelled there, where its goods are. */
export async function refuseOnBoard(tx: Transaction, ticketId: string): Promise<void> {
  const orderNumber = await eventOrderNumber(tx, ticketId);
  if (orderNumber) throw new AppError("CONFLICT", EVENT_ORDER_TEXT.onBoard(ticketId, orderNumber));
}
