import { asc, eq } from "drizzle-orm";
import type {
  InventoryProduct,
  InventoryProductList,
  InventoryProductRow,
} from "../../../shared/contracts/inventory.ts";
import { PRODUCT_FORM_MESSAGES } from "../../../shared/rules/product-form.ts";
import { PHOTO_WIDTHS, photoUrl } from "../../../shared/rules/product-photo.ts";
import { daysOfCover, isLowStock } from "../../../shared/rules/stock-movement.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { notFound } from "../../http/app-error.ts";
import { type LotFacts, lotFactsOf, readLotFacts } from "./lot-facts.ts";
import { soldLast7DaysByProduct } from "./sales-figures.ts";
import { products } from "./schema.ts";

type ProductRow = typeof products.$inferSelect;

export type InventoryListFilters = {
  search?: string | undefined;
  category?: string | undefined;
  sort: "name" | "stock" | "cover" | "sold";
  descending?: boolean | undefined;
  lowOnly?: boolean | undefined;
  includeArchived?: boolean | undefined;
};

export function toInventoryRow(
  row: ProductRow,
  soldLast7Days: number,
  lots: LotFacts,
): InventoryProductRow {
  return {
    id: row.id,
    name: row.name,
    nameOr: row.nameOr,
    nameHi: row.nameHi,
    category: row.categoryId as InventoryProductRow["category"],
    unit: row.unit as InventoryProductRow["unit"],
    step: row.step,
    minimum: row.minimum,
    pricePaise: row.pricePaise,
    gstRateBps: row.gstRateBps,
    hsnCode: row.hsnCode,
    shelfLocation: row.shelfLocation,
    organic: row.organic,
    local: row.local,
    inSeason: row.inSeason,
    featured: row.featured,
    stock: row.stock,
    lowStockThreshold: row.lowStockThreshold,
    low: isLowStock(row.stock, row.lowStockThreshold),
    outOfStock: row.stock === 0,
    soldLast7Days,
    daysOfCover: daysOfCover(row.stock, soldLast7Days),
    unitCostPaise: lots.unitCostPaise,
    expiredStock: lots.expired,
    version: row.version,
    archived: row.archivedAt !== null,
    photoUrl: row.photo ? photoUrl(row.photo) : null,
    image: row.photo ? photoUrl(row.photo) : row.image,
    harvestedOn: row.stock > lots.expired ? lots.harvestedOn : null,
  };
}

export function toInventoryProduct(
  row: ProductRow,
  soldLast7Days: number,
  lots: LotFacts,
): InventoryProduct {
  const photo = row.photo;
  return {
    ...toInventoryRow(row, soldLast7Days, lots),
    description: row.description,
    descriptionOr: row.descriptionOr,
    descriptionHi: row.descriptionHi,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    photoUrls: photo ? PHOTO_WIDTHS.map((width) => ({ width, url: photoUrl(photo, width) })) : [],
  };
}

/** The values an audit entry keeps of a product (what the manager can change). */
export function auditedProduct(row: ProductRow) {
  return {
    name: row.name,
    description: row.description,
    nameOr: row.nameOr,
    nameHi: row.nameHi,
    descriptionOr: row.descriptionOr,
    descriptionHi: row.descriptionHi,
    category: row.categoryId,
    unit: row.unit,
    pricePaise: row.pricePaise,
    gstRateBps: row.gstRateBps,
    hsnCode: row.hsnCode,
    shelfLocation: row.shelfLocation,
    organic: row.organic,
    local: row.local,
    inSeason: row.inSeason,
    featured: row.featured,
    lowStockThreshold: row.lowStockThreshold,
    step: row.step,
    minimum: row.minimum,
    stock: row.stock,
    version: row.version,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    photo: row.photo,
  };
}

const byName = (a: InventoryProductRow, b: InventoryProductRow) =>
  a.name.localeCompare(b.name, "en-IN");

/** No sales means no cover figure: such rows sort after every product that has one. */
const ORDERS: Record<
  InventoryListFilters["sort"],
  (a: InventoryProductRow, b: InventoryProductRow) => number
> = {
  name: byName,
  stock: (a, b) => a.stock - b.stock || byName(a, b),
  cover: (a, b) =>
    (a.daysOfCover ?? Number.POSITIVE_INFINITY) - (b.daysOfCover ?? Number.POSITIVE_INFINITY) ||
    a.stock - b.stock ||
    byName(a, b),
  sold: (a, b) => b.soldLast7Days - a.soldLast7Days || byName(a, b),
};

/** The product table: a shop's catalogue is small, so it is filtered and sorted in memory. */
export async function listInventoryProducts(
  db: Database,
  filters: InventoryListFilters,
): Promise<InventoryProductList> {
  const [rows, sold, lots] = await Promise.all([
    db.select().from(products).orderBy(asc(products.position), asc(products.id)),
    soldLast7DaysByProduct(db),
    readLotFacts(db),
  ]);
  const needle = filters.search?.trim().toLowerCase() ?? "";
  const list = rows
    .filter(
      (row) =>
        (filters.includeArchived || row.archivedAt === null) &&
        (!filters.category || row.categoryId === filters.category) &&
        (!needle ||
          row.name.toLowerCase().includes(needle) ||
          row.id.includes(needle) ||
          row.hsnCode.startsWith(needle)),
    )
    .map((row) => toInventoryRow(row, sold.get(row.id) ?? 0, lotFactsOf(lots, row.id)))
    .filter((row) => !filters.lowOnly || row.low || row.outOfStock);
  const order = ORDERS[filters.sort];
  list.sort(filters.descending ? (a, b) => order(b, a) : order);
  return { products: list, total: list.length };
}

export async function readProductRow(tx: Transaction | Database, id: string): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, id));
  if (!row) throw notFound(PRODUCT_FORM_MESSAGES.notFound);
  return row;
}

export async function readInventoryProduct(db: Database, id: string): Promise<InventoryProduct> {
  const row = await readProductRow(db, id);
  const [sold, lots] = await Promise.all([soldLast7DaysByProduct(db), readLotFacts(db, [id])]);
  return toInventoryProduct(row, sold.get(id) ?? 0, lotFactsOf(lots, id));
}
