import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type {
  StockMovementRequest,
  StockMovementResult,
} from "../../../shared/contracts/inventory.ts";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import type { Database } from "../../db/client.ts";
import { notifyStaff } from "../live/index.ts";
import { recordAudit, staffMemberOf } from "../staff/index.ts";
import { readInventoryProduct } from "./inventory-products.ts";
import { applyMovement, checkNamedLot, movementFromRequest, refusal } from "./record-movement.ts";
import { products } from "./schema.ts";
import { readMovement } from "./stock-ledger.ts";

export type StockDeps = {
  db: Database;
  /** Called after stock changes, so this instance's shop shows it at once. */
  changed: () => void;
};

const AUDIT_ACTIONS = {
  receipt: "stock.receive",
  write_off: "stock.write_off",
  count: "stock.count",
} as const;

/** A receipt, write-off or count from the inventory manager: never takes stock below zero. */
export async function recordStockMovement(
  deps: StockDeps,
  request: FastifyRequest,
  productId: string,
  body: StockMovementRequest,
): Promise<StockMovementResult> {
  const member = staffMemberOf(request);
  const movement = await deps.db.transaction(async (tx) => {
    const move = movementFromRequest(productId, body, member.id);
    await checkNamedLot(tx, move);
    const moved = await applyMovement(tx, move);
    if (!moved) throw await refusal(tx, productId);
    // The name and unit let the activity panel say "50 kg of Tomatoes" as it was at the time.
    const [product] = await tx
      .select({ name: products.name, unit: products.unit })
      .from(products)
      .where(eq(products.id, productId));
    await recordAudit(tx, request, {
      action: AUDIT_ACTIONS[body.kind],
      targetType: "product",
      targetId: productId,
      before: { stock: moved.stock_before },
      after: { ...product, stock: moved.stock_after, movementId: moved.id, ...body },
    });
    await notifyStaff(tx, { topic: LIVE_TOPICS.stock, dashboards: ["inventory"], id: productId });
    return readMovement(tx, moved.id);
  });
  deps.changed();
  return { movement, product: await readInventoryProduct(deps.db, productId) };
}
