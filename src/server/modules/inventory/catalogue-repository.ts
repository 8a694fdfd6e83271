import { and, asc, eq, isNull } from "drizzle-orm";
import type { Category, Product } from "../../../shared/catalogue.ts";
import { photoSrcSet, photoUrl } from "../../../shared/rules/product-photo.ts";
import type { Database } from "../../db/client.ts";
import { type LotFacts, lotFactsOf, readLotFacts } from "./lot-facts.ts";
import { categories, products } from "./schema.ts";

type ProductRow = typeof products.$inferSelect;

/** A product as the shop shows it: what lies in lots past their best-before date is not for sale. */
export function toProduct(row: ProductRow, lots: LotFacts): Required<Product> {
  const stock = Math.max(0, row.stock - lots.expired);
  return {
    id: row.id,
    name: row.name,
    category: row.categoryId as Product["category"],
    pricePaise: row.pricePaise,
    unit: row.unit as Product["unit"],
    step: row.step,
    minimum: row.minimum,
    image: row.photo ? photoUrl(row.photo) : row.image,
    description: row.description,
    organic: row.organic,
    local: row.local,
    inSeason: row.inSeason,
    featured: row.featured,
    stock,
    gstRateBps: row.gstRateBps,
    hsnCode: row.hsnCode,
    // The date belongs to the lot on sale now: once that is gone it says nothing about the next.
    harvestedOn: stock > 0 ? lots.harvestedOn : null,
    photoUrl: row.photo ? photoUrl(row.photo) : null,
    photoSrcSet: row.photo ? photoSrcSet(row.photo) : null,
    nameOr: row.nameOr,
    nameHi: row.nameHi,
    descriptionOr: row.descriptionOr,
    descriptionHi: row.descriptionHi,
  };
}

export async function readAllProducts(db: Database): Promise<Required<Product>[]> {
  const [rows, lots] = await Promise.all([
    db
      .select()
      .from(products)
      .where(isNull(products.archivedAt))
      .orderBy(asc(products.position), asc(products.id)),
    readLotFacts(db),
  ]);
  return rows.map((row) => toProduct(row, lotFactsOf(lots, row.id)));
}

export async function readProduct(
  db: Database,
  id: string,
): Promise<Required<Product> | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.archivedAt)));
  return row && toProduct(row, lotFactsOf(await readLotFacts(db, [id]), id));
}

export async function readCategories(db: Database): Promise<Category[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.position));
  return rows.map((row) => ({
    id: row.id as Category["id"],
    name: row.name,
    description: row.description,
    image: row.image,
  }));
}
