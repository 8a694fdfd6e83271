import { type SQL, sql } from "drizzle-orm";
import type { StockMovementRequest } from "../../../shared/contracts/inventory.ts";
import { PRODUCT_FORM_MESSAGES } from "../../../shared/rules/product-form.ts";
import { STOCK_MESSAGES, type StockMovementKind } from "../../../shared/rules/stock-movement.ts";
import { type Database, rowsOf, type Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";

export type MovementWrite = {
  productId: string;
  kind: StockMovementKind;
  /** Receipts and write-offs: the change. */
  delta?: number;
  /** Counts: the stock the shelf holds; the change is worked out under the row lock. */
  counted?: number;
  reason?: string | null;
  note?: string | null;
  supplier?: string | null;
  harvestedOn?: string | null;
  bestBefore?: string | null;
  unitCostPaise?: number | null;
  /** The lot a write-off or count takes from or puts back into; without one, first in first out. */
  lotId?: number | null;
  staffId?: string | null;
  orderId?: number | null;
};

export type MovementRow = {
  id: number;
  product_id: string;
  kind: StockMovementKind;
  quantity: number;
  stock_after: number;
  stock_before: number;
};

/** What a manager's request becomes in the ledger. */
export function movementFromRequest(
  productId: string,
  body: StockMovementRequest,
  staffId: string,
): MovementWrite {
  const note = body.note?.trim() || null;
  switch (body.kind) {
    case "receipt":
      return {
        productId,
        kind: "receipt",
        delta: body.quantity,
        supplier: body.supplier,
        harvestedOn: body.harvestedOn,
        bestBefore: body.bestBefore ?? null,
        unitCostPaise: body.unitCostPaise ?? null,
        note,
        staffId,
      };
    case "write_off":
      return {
        productId,
        kind: "write_off",
        delta: -body.quantity,
        reason: body.reason,
        lotId: body.lotId ?? null,
        note,
        staffId,
      };
    case "count":
      return {
        productId,
        kind: "count",
        counted: body.counted,
        lotId: body.lotId ?? null,
        note,
        staffId,
      };
  }
}

/**
 * Moves stock and records the movement in ONE statement: the product row is locked, the change
 * applied only if stock stays at 0 or more (checked in the same statement, so no read-then-write
 * race with a checkout), and the ledger row records the stock it left. The database keeps the
 * lots from the ledger row (migration 0033): a receipt opens one, the rest take first in first out
 * or from the lot they name.
 * Answers undefined when nothing moved: no such product, or stock would go below zero.
 */
export async function applyMovement(
  tx: Transaction | Database,
  move: MovementWrite,
): Promise<MovementRow | undefined> {
  const newStock: SQL =
    move.counted !== undefined
      ? sql`${move.counted}::integer`
      : sql`old.stock + ${move.delta ?? 0}::integer`;
  const [row] = rowsOf<MovementRow>(
    await tx.execute(sql`
      with old as materialized (
        select id, stock from products where id = ${move.productId} for update
      ),
      moved as (
        update products p set stock = ${newStock}, updated_at = now()
        from old
        where p.id = old.id and ${newStock} >= 0
        returning p.id, p.stock, old.stock as stock_before
      ),
      recorded as (
        insert into stock_movements (
          product_id, kind, quantity, stock_after, reason, note, supplier, harvested_on,
          best_before, unit_cost_paise, lot_id, staff_id, order_id
        )
        select moved.id, ${move.kind}, moved.stock - moved.stock_before, moved.stock,
          ${move.reason ?? null}, ${move.note ?? null}, ${move.supplier ?? null},
          ${move.harvestedOn ?? null}::date, ${move.bestBefore ?? null}::date,
          ${move.unitCostPaise ?? null}::integer, ${move.lotId ?? null}::bigint,
          ${move.staffId ?? null}, ${move.orderId ?? null}::integer
        from moved
        returning id, product_id, kind, quantity, stock_after
      )
      select r.id, r.product_id, r.kind, r.quantity, r.stock_after, m.stock_before
      from recorded r, moved m`),
  );
  return row
    ? {
        ...row,
        id: Number(row.id),
        quantity: Number(row.quantity),
        stock_after: Number(row.stock_after),
        stock_before: Number(row.stock_before),
      }
    : undefined;
}

/**
 * A movement an order's own bookkeeping needs (a cancel or short-pick giving units back): stock
 * cannot refuse it, so moving nothing means the product row is gone, and the whole change rolls
 * back rather than lose the movement.
 */
export async function mustMove(
  tx: Transaction | Database,
  move: MovementWrite,
): Promise<MovementRow> {
  const row = await applyMovement(tx, move);
  if (!row) throw new Error(`stock movement for ${move.productId} moved nothing`);
  return row;
}

/**
 * A movement naming a lot: the lot, locked, must be one of the product's and hold what a
 * write-off or a count down takes from it (the database refuses it too; this says so clearly).
 */
export async function checkNamedLot(tx: Transaction, move: MovementWrite): Promise<void> {
  if (move.lotId == null) return;
  const [lot] = rowsOf<{ remaining: number; stock: number }>(
    await tx.execute(sql`
      select l.remaining, p.stock from stock_lots l join products p on p.id = l.product_id
      where l.id = ${move.lotId} and l.product_id = ${move.productId}
      for update of l, p`),
  );
  if (!lot) throw new AppError("VALIDATION_FAILED", STOCK_MESSAGES.lotUnknown, "lotId");
  const change = move.counted !== undefined ? move.counted - Number(lot.stock) : (move.delta ?? 0);
  if (-change > Number(lot.remaining)) {
    throw new AppError("CONFLICT", STOCK_MESSAGES.lotTooSmall(Number(lot.remaining)), "lotId");
  }
}

/** A movement stock may refuse, refused as the 4xx the person sees (stock would go below zero). */
export async function applyMovementOrRefuse(
  tx: Transaction,
  move: MovementWrite,
): Promise<MovementRow> {
  const row = await applyMovement(tx, move);
  if (!row) throw await refusal(tx, move.productId);
  return row;
}

/** Why a movement moved nothing, as the 4xx the manager sees. */
export async function refusal(tx: Transaction | Database, productId: string): Promise<AppError> {
  const [row] = rowsOf<{ stock: number }>(
    await tx.execute(sql`select stock from products where id = ${productId}`),
  );
  if (!row) return new AppError("NOT_FOUND", PRODUCT_FORM_MESSAGES.notFound);
  return new AppError("CONFLICT", STOCK_MESSAGES.belowZero(Number(row.stock)), "quantity");
}
