// Bulk actions on the product table: archive, restore, change category, change prices by a
// percentage. One request changes every product it names or none: each is locked, and one edited
// since the manager loaded the table (its version moved) refuses the whole request by name. Each
// product changed writes its own audit entry of the kind a single edit writes, and its own notice.
import { asc, inArray, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { CategoryId } from "../../../shared/catalogue.ts";
import { BULK_MESSAGES, type BulkProductResult } from "../../../shared/contracts/inventory-bulk.ts";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import {
  isLargePercent,
  PRICE_CHANGE_MESSAGES,
  priceAfterPercent,
} from "../../../shared/rules/price-change.ts";
import { PRODUCT_FORM_LIMITS } from "../../../shared/rules/product-form.ts";
import type { Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import {
  completeIdempotencyKey,
  hashRequest,
  runOncePerKey,
  type StoredResponse,
} from "../idempotency/index.ts";
import { notifyStaff } from "../live/index.ts";
import { recordAudit, staffMemberOf } from "../staff/index.ts";
import type { EditDeps } from "./edit-product.ts";
import { auditedProduct } from "./inventory-products.ts";
import { products } from "./schema.ts";

type ProductRow = typeof products.$inferSelect;
type Named = { id: string; version: number }[];

/** What one action does to one locked row: the new values, or null when it is already so. */
type Change = {
  action: "product.update" | "product.archive" | "product.restore";
  values: (row: ProductRow) => Partial<ProductRow> | null;
};

export type BulkRequest =
  | { action: "archive" | "restore"; products: Named }
  | { action: "category"; products: Named; category: CategoryId }
  | {
      action: "price";
      products: Named;
      percent: number;
      confirmLargeChange?: boolean | undefined;
    };

function changeOf(body: BulkRequest): Change {
  switch (body.action) {
    case "archive":
    case "restore": {
      const archive = body.action === "archive";
      return {
        action: archive ? "product.archive" : "product.restore",
        values: (row) =>
          (row.archivedAt !== null) === archive
            ? null
            : { archivedAt: archive ? new Date() : null },
      };
    }
    case "category":
      return {
        action: "product.update",
        values: (row) => (row.categoryId === body.category ? null : { categoryId: body.category }),
      };
    case "price":
      return {
        action: "product.update",
        values: (row) => {
          const pricePaise = priceAfterPercent(row.pricePaise, body.percent);
          if (pricePaise < 1 || pricePaise > PRODUCT_FORM_LIMITS.maxPricePaise) {
            throw new AppError(
              "VALIDATION_FAILED",
              PRICE_CHANGE_MESSAGES.priceOutOfRange(row.name),
              "percent",
            );
          }
          return pricePaise === row.pricePaise ? null : { pricePaise };
        },
      };
  }
}

/** The audit entry a single edit of this kind writes, so recent activity reads it alike. */
function auditOf(change: Change, before: ProductRow, after: ProductRow) {
  if (change.action === "product.update") {
    return { before: auditedProduct(before), after: auditedProduct(after) };
  }
  return {
    before: { archivedAt: before.archivedAt?.toISOString() ?? null, version: before.version },
    after: {
      name: after.name,
      archivedAt: after.archivedAt?.toISOString() ?? null,
      version: after.version,
    },
  };
}

/** Every named row, locked in id order (two bulk requests never wait on each other in a ring). */
async function lockAll(tx: Transaction, named: Named): Promise<ProductRow[]> {
  const ids = named.map((p) => p.id);
  const rows = await tx
    .select()
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for("update");
  const found = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError("NOT_FOUND", BULK_MESSAGES.missing(missing));
  const stale = named
    .map((p) => found.get(p.id)!)
    .filter((row, index) => row.version !== named[index]!.version);
  if (stale.length > 0) {
    throw new AppError("CONFLICT", BULK_MESSAGES.stale(stale.map((row) => row.name)), "version", {
      issues: stale.map((row) => ({ field: row.id, message: row.name })),
    });
  }
  return named.map((p) => found.get(p.id)!);
}

async function apply(
  tx: Transaction,
  request: FastifyRequest,
  change: Change,
  rows: ProductRow[],
): Promise<BulkProductResult> {
  const result: BulkProductResult = { changed: [], unchanged: [] };
  for (const before of rows) {
    const values = change.values(before);
    if (!values) {
      result.unchanged.push(before.id);
      continue;
    }
    const [after] = await tx
      .update(products)
      .set({ ...values, version: sql`${products.version} + 1`, updatedAt: new Date() })
      .where(sql`${products.id} = ${before.id}`)
      .returning();
    await recordAudit(tx, request, {
      action: change.action,
      targetType: "product",
      targetId: before.id,
      ...auditOf(change, before, after!),
    });
    await notifyStaff(tx, {
      topic: LIVE_TOPICS.products,
      dashboards: ["inventory"],
      id: before.id,
    });
    result.changed.push({ id: after!.id, name: after!.name, version: after!.version });
  }
  return result;
}

/**
 * Runs one bulk action once per Idempotency-Key: the same request again (a retried press, a
 * replay) gets the first answer and changes nothing more, so a percentage never applies twice.
 */
export async function runBulkProducts(
  deps: EditDeps,
  request: FastifyRequest,
  body: BulkRequest,
  idempotencyKey: string,
): Promise<StoredResponse> {
  if (body.action === "price" && isLargePercent(body.percent) && !body.confirmLargeChange) {
    throw new AppError(
      "VALIDATION_FAILED",
      PRICE_CHANGE_MESSAGES.largeChange,
      "confirmLargeChange",
    );
  }
  const scope = `inventory.bulk-${body.action}`;
  const member = staffMemberOf(request);
  let changed = false;
  const response = await runOncePerKey(
    deps.db,
    { scope, key: idempotencyKey, requestHash: hashRequest({ member: member.id, body }) },
    () =>
      deps.db.transaction(async (tx) => {
        const rows = await lockAll(tx, body.products);
        const result = await apply(tx, request, changeOf(body), rows);
        const answer: StoredResponse = { status: 200, body: result };
        await completeIdempotencyKey(tx, scope, idempotencyKey, answer);
        changed = result.changed.length > 0;
        return answer;
      }),
    async () => {},
  );
  if (changed) deps.changed();
  return response;
}
