import { sql } from "drizzle-orm";
import type { StockLedger, StockMovement } from "../../../shared/contracts/inventory.ts";
import { type Database, rowsOf, type Transaction } from "../../db/client.ts";

type LedgerRow = {
  id: number | string;
  kind: StockMovement["kind"];
  quantity: number;
  stock_after: number;
  reason: StockMovement["reason"];
  note: string | null;
  supplier: string | null;
  harvested_on: string | null;
  best_before: string | null;
  unit_cost_paise: number | null;
  order_number: string | null;
  staff_name: string | null;
  created_at: string | Date;
};

function toMovement(row: LedgerRow): StockMovement {
  return {
    id: Number(row.id),
    kind: row.kind,
    quantity: Number(row.quantity),
    stockAfter: Number(row.stock_after),
    reason: row.reason,
    note: row.note,
    supplier: row.supplier,
    harvestedOn: row.harvested_on,
    bestBefore: row.best_before,
    unitCostPaise: row.unit_cost_paise === null ? null : Number(row.unit_cost_paise),
    orderNumber: row.order_number,
    staffName: row.staff_name,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const selectMovements = sql`
  select m.id, m.kind, m.quantity, m.stock_after, m.reason, m.note, m.supplier,
    m.harvested_on::text as harvested_on, m.best_before::text as best_before, m.unit_cost_paise, o.order_number,
    s.name as staff_name, m.created_at
  from stock_movements m
  left join orders o on o.id = m.order_id
  left join staff_members s on s.id = m.staff_id`;

/** One product's ledger, newest first, a page at a time (keyset on the id: no rows skipped). */
export async function readLedger(
  db: Database,
  productId: string,
  page: { cursor?: number | undefined; limit: number },
): Promise<StockLedger> {
  const rows = rowsOf<LedgerRow>(
    await db.execute(sql`${selectMovements}
      where m.product_id = ${productId}
        ${page.cursor ? sql`and m.id < ${page.cursor}` : sql``}
      order by m.id desc
      limit ${page.limit + 1}`),
  );
  const more = rows.length > page.limit;
  const movements = rows.slice(0, page.limit).map(toMovement);
  return { movements, nextCursor: more ? (movements.at(-1)?.id ?? null) : null };
}

export async function readMovement(tx: Transaction | Database, id: number): Promise<StockMovement> {
  const [row] = rowsOf<LedgerRow>(await tx.execute(sql`${selectMovements} where m.id = ${id}`));
  if (!row) throw new Error(`stock movement ${id} vanished`);
  return toMovement(row);
}
