import { and, eq, like, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type {
  InventoryProduct,
  ProductForm,
  UpdateProduct,
} from "../../../shared/contracts/inventory.ts";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import { isWeighed, maxPerOrder, pricedPer } from "../../../shared/rules/measure.ts";
import {
  isLargePriceChange,
  PRICE_CHANGE_MESSAGES,
  priceChangeSentence,
} from "../../../shared/rules/price-change.ts";
import {
  PRODUCT_FORM_MESSAGES as M,
  PRODUCT_FORM_LIMITS,
  PRODUCT_FORM_MESSAGES,
} from "../../../shared/rules/product-form.ts";
import { productSlug, uniqueProductSlug } from "../../../shared/rules/product-slug.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { withUniqueRetry } from "../../db/with-unique-retry.ts";
import { AppError, notFound } from "../../http/app-error.ts";
import { notifyStaff } from "../live/index.ts";
import { recordAudit } from "../staff/index.ts";
import { auditedProduct, toInventoryProduct } from "./inventory-products.ts";
import { lotFactsOf, readLotFacts } from "./lot-facts.ts";
import { soldLast7DaysByProduct } from "./sales-figures.ts";
import { categories, products } from "./schema.ts";

type ProductRow = typeof products.$inferSelect;

export type EditDeps = {
  db: Database;
  /** Called after a change commits, so this instance's shop shows it at once. */
  changed: () => void;
};

/** Two managers adding the same name at once: the second takes the next free slug. */
const SLUG_RETRY = { constraint: "products_pkey", attempts: 5, what: "product slug" };

/**
 * The form's steps fit its unit: within one order's cap, and 1 for a counted unit unless the
 * shop sells it in more (eggs by the half dozen would be a unit of its own).
 */
function checkSteps(form: ProductForm): void {
  const cap = maxPerOrder(form.unit);
  if (form.step > cap) throw new AppError("VALIDATION_FAILED", M.stepTooLarge, "step");
  if (form.minimum > cap) throw new AppError("VALIDATION_FAILED", M.minimumTooLarge, "minimum");
  if (form.lowStockThreshold > PRODUCT_FORM_LIMITS.maxLowStockUnits * pricedPer(form.unit)) {
    throw new AppError("VALIDATION_FAILED", M.thresholdTooHigh, "lowStockThreshold");
  }
}

function formValues(form: ProductForm) {
  checkSteps(form);
  return {
    name: form.name,
    description: form.description,
    nameOr: form.nameOr || null,
    nameHi: form.nameHi || null,
    descriptionOr: form.descriptionOr || null,
    descriptionHi: form.descriptionHi || null,
    categoryId: form.category,
    unit: form.unit,
    pricePaise: form.pricePaise,
    gstRateBps: form.gstRateBps,
    hsnCode: form.hsnCode,
    shelfLocation: form.shelfLocation || null,
    organic: form.organic,
    local: form.local,
    inSeason: form.inSeason,
    featured: form.featured,
    lowStockThreshold: form.lowStockThreshold,
    step: form.step,
    minimum: form.minimum,
  };
}

async function answer(db: Database, row: ProductRow): Promise<InventoryProduct> {
  const [sold, lots] = await Promise.all([soldLast7DaysByProduct(db), readLotFacts(db, [row.id])]);
  return toInventoryProduct(row, sold.get(row.id) ?? 0, lotFactsOf(lots, row.id));
}

/** The row, locked until the transaction ends, or a 404. */
async function lockProduct(tx: Transaction, id: string): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update");
  if (!row) throw notFound(PRODUCT_FORM_MESSAGES.notFound);
  return row;
}

function unchanged(row: ProductRow, values: ReturnType<typeof formValues>): boolean {
  return (Object.keys(values) as (keyof typeof values)[]).every((key) => row[key] === values[key]);
}

function refuseStale(row: ProductRow, version: number | undefined): void {
  if (version !== undefined && row.version !== version) {
    throw new AppError("CONFLICT", PRODUCT_FORM_MESSAGES.versionConflict, "version");
  }
}

/** A new product, with no stock yet: its id is a slug of its name, unique among all products. */
export async function createProduct(
  deps: EditDeps,
  request: FastifyRequest,
  form: ProductForm,
): Promise<InventoryProduct> {
  const base = productSlug(form.name);
  return withUniqueRetry(SLUG_RETRY, async () => {
    const row = await deps.db.transaction(async (tx) => {
      const taken = await tx
        .select({ id: products.id })
        .from(products)
        .where(like(products.id, `${base}%`));
      const id = uniqueProductSlug(form.name, new Set(taken.map((r) => r.id)));
      const [category] = await tx
        .select({ image: categories.image })
        .from(categories)
        .where(eq(categories.id, form.category));
      const [inserted] = await tx
        .insert(products)
        .values({
          id,
          ...formValues(form),
          image: category?.image ?? "",
          stock: 0,
          position: sql`(select coalesce(max(position), -1) + 1 from products)`,
        })
        .returning();
      await recordAudit(tx, request, {
        action: "product.create",
        targetType: "product",
        targetId: id,
        before: null,
        after: auditedProduct(inserted!),
      });
      await notifyStaff(tx, { topic: LIVE_TOPICS.products, dashboards: ["inventory"], id });
      return inserted!;
    });
    deps.changed();
    return answer(deps.db, row);
  });
}

/** Saves the form over the version the manager opened; a newer version refuses it (409). */
export async function updateProduct(
  deps: EditDeps,
  request: FastifyRequest,
  id: string,
  form: UpdateProduct,
): Promise<InventoryProduct> {
  const saved = await deps.db.transaction(async (tx) => {
    const before = await lockProduct(tx, id);
    refuseStale(before, form.version);
    // Its stock, ledger and orders count in grams or in units: the one cannot become the other.
    if (isWeighed(before.unit) !== isWeighed(form.unit)) {
      throw new AppError("VALIDATION_FAILED", M.measureChange(before.unit), "unit");
    }
    const values = formValues(form);
    if (!form.confirmPriceChange && isLargePriceChange(before.pricePaise, values.pricePaise)) {
      const sentence = priceChangeSentence(before.pricePaise, values.pricePaise, values.unit);
      throw new AppError(
        "CONFIRMATION_REQUIRED",
        PRICE_CHANGE_MESSAGES.unconfirmed(sentence),
        "pricePaise",
      );
    }
    // Saving the form as it was changes nothing: no new version (a colleague's open form stays
    // current), no audit entry, no notice.
    if (unchanged(before, values)) return { row: before, changed: false };
    const [after] = await tx
      .update(products)
      .set({
        ...values,
        version: sql`${products.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(products.id, id), eq(products.version, form.version)))
      .returning();
    if (!after) throw new AppError("CONFLICT", PRODUCT_FORM_MESSAGES.versionConflict, "version");
    await recordAudit(tx, request, {
      action: "product.update",
      targetType: "product",
      targetId: id,
      before: auditedProduct(before),
      after: auditedProduct(after),
    });
    await notifyStaff(tx, { topic: LIVE_TOPICS.products, dashboards: ["inventory"], id });
    return { row: after, changed: true };
  });
  if (saved.changed) deps.changed();
  return answer(deps.db, saved.row);
}

/**
 * Archived: gone from the shop and its checkout at once, kept for past orders and invoices (they
 * copy name, price and tax at the time of sale). Restoring puts it back as it was.
 */
export async function setArchived(
  deps: EditDeps,
  request: FastifyRequest,
  id: string,
  archived: boolean,
  version: number | undefined,
): Promise<InventoryProduct> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await lockProduct(tx, id);
    refuseStale(before, version);
    if ((before.archivedAt !== null) === archived) return before;
    const [after] = await tx
      .update(products)
      .set({
        archivedAt: archived ? new Date() : null,
        version: sql`${products.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(products.id, id))
      .returning();
    await recordAudit(tx, request, {
      action: archived ? "product.archive" : "product.restore",
      targetType: "product",
      targetId: id,
      before: { archivedAt: before.archivedAt?.toISOString() ?? null, version: before.version },
      after: {
        name: after!.name,
        archivedAt: after!.archivedAt?.toISOString() ?? null,
        version: after!.version,
      },
    });
    await notifyStaff(tx, { topic: LIVE_TOPICS.products, dashboards: ["inventory"], id });
    return after!;
  });
  deps.changed();
  return answer(deps.db, row);
}
