import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type {
  ExpiredLotList,
  StockLot,
  StockLotList,
} from "../../../shared/contracts/inventory.ts";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import { type LotSource, lotLabel, STOCK_MESSAGES } from "../../../shared/rules/stock-movement.ts";
import { type Database, rowsOf, type Transaction } from "../../db/client.ts";
import { AppError, notFound } from "../../http/app-error.ts";
import { notifyStaff } from "../live/index.ts";
import { recordAudit, staffMemberOf } from "../staff/index.ts";
import type { StockDeps } from "./record-stock-movement.ts";

type LotRow = {
  id: number | string;
  product_id: string;
  source: LotSource;
  supplier: string | null;
  harvested_on: string | null;
  best_before: string | null;
  unit_cost_paise: number | null;
  received: number;
  remaining: number;
  expired: boolean;
  checked_at: string | Date | null;
  received_at: string | Date;
};

const selectLots = sql`
  select l.id, l.product_id, l.source, l.supplier, l.harvested_on::text as harvested_on,
    l.best_before::text as best_before, l.unit_cost_paise, l.received, l.remaining,
    lot_expired(l.best_before, l.checked_at) as expired, l.checked_at, l.received_at
  from stock_lots l`;

function toLot(row: LotRow): StockLot {
  return {
    id: Number(row.id),
    productId: row.product_id,
    source: row.source,
    label: lotLabel({ source: row.source, supplier: row.supplier, harvestedOn: row.harvested_on }),
    supplier: row.supplier,
    harvestedOn: row.harvested_on,
    bestBefore: row.best_before,
    unitCostPaise: row.unit_cost_paise === null ? null : Number(row.unit_cost_paise),
    received: Number(row.received),
    remaining: Number(row.remaining),
    expired: row.expired,
    checkedAt: row.checked_at === null ? null : new Date(row.checked_at).toISOString(),
    receivedAt: new Date(row.received_at).toISOString(),
  };
}

/** A product's lots with stock left, in the order sales take them. */
export async function readLots(db: Database, productId: string): Promise<StockLotList> {
  const rows = rowsOf<LotRow>(
    await db.execute(sql`${selectLots}
      where l.product_id = ${productId} and l.remaining > 0 order by l.id`),
  );
  return { lots: rows.map(toLot) };
}

/** Every lot past its best-before date with stock left and not checked, oldest date first. */
export async function readExpiredLots(db: Database): Promise<ExpiredLotList> {
  const rows = rowsOf<LotRow & { product_name: string; unit: string }>(
    await db.execute(sql`
      select x.*, p.name as product_name, p.unit from (${selectLots} where l.remaining > 0) x
      join products p on p.id = x.product_id
      where x.expired and p.archived_at is null
      order by x.best_before, x.id`),
  );
  return {
    lots: rows.map((row) => ({ ...toLot(row), productName: row.product_name, unit: row.unit })),
  };
}

async function lockLot(tx: Transaction, lotId: number): Promise<LotRow> {
  const [row] = rowsOf<LotRow>(
    await tx.execute(sql`${selectLots} where l.id = ${lotId} for update of l`),
  );
  if (!row) throw notFound(STOCK_MESSAGES.lotUnknown);
  return row;
}

/**
 * The manager looked at a lot past its best-before date and it is still fit to sell: it goes back
 * on sale (audited). A lot not past its date, already checked or empty is refused.
 */
export async function checkLot(
  deps: StockDeps,
  request: FastifyRequest,
  lotId: number,
  note: string | undefined,
): Promise<{ lot: StockLot }> {
  const member = staffMemberOf(request);
  const lot = await deps.db.transaction(async (tx) => {
    const row = await lockLot(tx, lotId);
    if (Number(row.remaining) === 0) throw new AppError("CONFLICT", STOCK_MESSAGES.lotEmpty);
    if (!row.expired) throw new AppError("CONFLICT", STOCK_MESSAGES.lotNotExpired);
    await tx.execute(sql`
      update stock_lots set checked_at = now(), checked_by = ${member.id} where id = ${lotId}`);
    // The product's name and the lot's source let the activity panel name what was checked.
    const [product] = rowsOf<{ name: string }>(
      await tx.execute(sql`select name from products where id = ${row.product_id}`),
    );
    await recordAudit(tx, request, {
      action: "stock.lot_check",
      targetType: "product",
      targetId: row.product_id,
      before: { lotId, bestBefore: row.best_before, checked: false },
      after: {
        lotId,
        checked: true,
        name: product?.name,
        source: row.source,
        supplier: row.supplier,
        harvestedOn: row.harvested_on,
        ...(note ? { note } : {}),
      },
    });
    await notifyStaff(tx, {
      topic: LIVE_TOPICS.stock,
      dashboards: ["inventory"],
      id: row.product_id,
    });
    return toLot(await lockLot(tx, lotId));
  });
  deps.changed();
  return { lot };
}
