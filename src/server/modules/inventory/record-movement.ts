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
  unitCostPaise?: number | null;
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
        note,
        staffId,
      };
    case "count":
      return { productId, kind: "count", counted: body.counted, note, staffId };
  }
}

/**
 * Moves stock and records the movement in ONE statement: the product row is locked, the change
 * applied only if stock stays at 0 or more (checked in the same statement, so no read-then-write
 * race with a checkout), and the ledger row records the stock it left. A receipt also sets the
 * harvest date shoppers see and the unit cost the stock value at cost uses.
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
  const receiptSets: SQL =
    move.kind === "receipt"
      ? sql`, harvested_on = coalesce(${move.harvestedOn ?? null}::date, p.harvested_on),
          unit_cost_paise = coalesce(${move.unitCostPaise ?? null}::integer, p.unit_cost_paise)`
      : sql``;
  const [row] = rowsOf<MovementRow>(
    await tx.execute(sql`
      with old as materialized (
        select id, stock from products where id = ${move.productId} for update
      ),
      moved as (
        update products p set stock = ${newStock}, updated_at = now() ${receiptSets}
        from old
        where p.id = old.id and ${newStock} >= 0
        returning p.id, p.stock, old.stock as stock_before
      ),
      recorded as (
        insert into stock_movements (
          product_id, kind, quantity, stock_after, reason, note, supplier, harvested_on,
          unit_cost_paise, staff_id, order_id
        )
        select moved.id, ${move.kind}, moved.stock - moved.stock_before, moved.stock,
          ${move.reason ?? null}, ${move.note ?? null}, ${move.supplier ?? null},
          ${move.harvestedOn ?? null}::date, ${move.unitCostPaise ?? null}::integer,
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

/** Why a movement moved nothing, as the 4xx the manager sees. */
export async function refusal(tx: Transaction | Database, productId: string): Promise<AppError> {
  const [row] = rowsOf<{ stock: number }>(
    await tx.execute(sql`select stock from products where id = ${productId}`),
  );
  if (!row) return new AppError("NOT_FOUND", PRODUCT_FORM_MESSAGES.notFound);
  return new AppError("CONFLICT", STOCK_MESSAGES.belowZero(Number(row.stock)), "quantity");
}
