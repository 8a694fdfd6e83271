import { createHash } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  CSV_EXPORT_COLUMNS,
  CSV_IMPORT_MAX_ROWS,
  CSV_MESSAGES,
  type CsvImportPreview,
  type CsvImportResult,
  type CsvImportRow,
} from "../../../shared/contracts/inventory.ts";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import { csvRow, parseCsv } from "../../../shared/rules/csv-text.ts";
import { isLargePriceChange } from "../../../shared/rules/price-change.ts";
import {
  PRODUCT_FORM_LIMITS,
  paiseToRupeesText,
  readRupees,
} from "../../../shared/rules/product-form.ts";
import { MAX_MOVEMENT_QUANTITY } from "../../../shared/rules/stock-movement.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { notifyStaff } from "../live/index.ts";
import { recordAudit, staffMemberOf } from "../staff/index.ts";
import { lotFactsOf, readLotFacts } from "./lot-facts.ts";
import { applyMovement } from "./record-movement.ts";
import { products } from "./schema.ts";

type ProductRow = typeof products.$inferSelect;

/** The catalogue with its stock, one product a row, archived ones last: opens in any spreadsheet. */
export async function exportCatalogueCsv(db: Database): Promise<string> {
  const [rows, lots] = await Promise.all([
    db
      .select()
      .from(products)
      .orderBy(sql`${products.archivedAt} is not null`, asc(products.position), asc(products.id)),
    readLotFacts(db),
  ]);
  const lines = [
    CSV_EXPORT_COLUMNS.join(","),
    ...rows.map((row) => {
      const lot = lotFactsOf(lots, row.id);
      return csvRow([
        row.id,
        row.name,
        row.categoryId,
        row.unit,
        paiseToRupeesText(row.pricePaise),
        `${row.gstRateBps / 100}%`,
        row.hsnCode,
        row.shelfLocation,
        row.stock,
        row.lowStockThreshold,
        lot.unitCostPaise === null ? null : paiseToRupeesText(lot.unitCostPaise),
        row.stock > lot.expired ? lot.harvestedOn : null,
        row.archivedAt ? "yes" : "no",
      ]);
    }),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

type Parsed = { line: number; id: string; price?: string; stock?: string };
type Plan = {
  preview: CsvImportPreview;
  /** The products the file names, as they stand, for the token. */
  ids: string[];
};

function readFile(csv: string): { rows: Parsed[]; fileErrors: string[] } {
  const { records, unclosed } = parseCsv(csv);
  const fileErrors: string[] = [];
  if (unclosed !== undefined) fileErrors.push(`Line ${unclosed}: ${CSV_MESSAGES.unbalancedQuotes}`);
  const [header, ...body] = records;
  const columns = (header?.cells ?? []).map((name) => name.trim().toLowerCase());
  const idAt = columns.indexOf("id");
  const priceAt = columns.indexOf("price");
  const stockAt = columns.indexOf("stock");
  if (idAt < 0) fileErrors.push(CSV_MESSAGES.noIdColumn);
  if (priceAt < 0 && stockAt < 0) fileErrors.push(CSV_MESSAGES.noChangeColumns);
  if (body.length > CSV_IMPORT_MAX_ROWS) fileErrors.push(CSV_MESSAGES.tooManyRows);
  if (fileErrors.length > 0) return { rows: [], fileErrors };
  const cell = (cells: string[], at: number) => (at < 0 ? undefined : cells[at]?.trim());
  return {
    rows: body.map(({ line, cells }) => ({
      line,
      id: cell(cells, idAt) ?? "",
      price: cell(cells, priceAt) || undefined,
      stock: cell(cells, stockAt) || undefined,
    })),
    fileErrors,
  };
}

function tokenOf(csv: string, ids: string[], byId: Map<string, ProductRow>): string {
  const hash = createHash("sha256").update(csv);
  for (const id of [...ids].sort()) {
    const row = byId.get(id);
    hash.update(
      `\n${id}:${row ? `${row.version}:${row.stock}:${row.pricePaise}:${row.archivedAt !== null}` : "-"}`,
    );
  }
  return hash.digest("base64url");
}

/** The row's price in paise, or why it cannot be read, in words that quote what was typed. */
function priceOf(typed: string): { paise: number } | { error: string } {
  const read = readRupees(typed);
  if ("problem" in read) {
    if (read.problem === "grouping") return { error: CSV_MESSAGES.priceGrouping(typed) };
    if (read.problem === "decimalComma") return { error: CSV_MESSAGES.priceDecimalComma(typed) };
    return { error: CSV_MESSAGES.priceInvalid };
  }
  if (read.paise <= 0 || read.paise > PRODUCT_FORM_LIMITS.maxPricePaise) {
    return { error: CSV_MESSAGES.priceInvalid };
  }
  return read;
}

/** Every row's change or error, worked out against the products as they stand. */
function plan(csv: string, byId: Map<string, ProductRow>, parsed = readFile(csv)): Plan {
  const seen = new Set<string>();
  const rows: CsvImportRow[] = parsed.rows.map((row) => {
    const product = byId.get(row.id);
    const base = {
      line: row.line,
      id: row.id,
      name: product?.name ?? null,
      unit: product?.unit ?? null,
      price: null,
      stock: null,
    };
    const fail = (error: string): CsvImportRow => ({ ...base, status: "error", error });
    if (!product) return fail(CSV_MESSAGES.unknownProduct);
    if (seen.has(row.id)) return fail(CSV_MESSAGES.duplicateRow);
    seen.add(row.id);
    // The store's own export lists archived products too: importing it back skips them.
    if (product.archivedAt) {
      return { ...base, status: "skipped", error: null };
    }
    let price: CsvImportRow["price"] = null;
    if (row.price !== undefined) {
      const read = priceOf(row.price);
      if ("error" in read) return fail(read.error);
      if (read.paise !== product.pricePaise) {
        price = {
          fromPaise: product.pricePaise,
          toPaise: read.paise,
          large: isLargePriceChange(product.pricePaise, read.paise),
        };
      }
    }
    let stock: CsvImportRow["stock"] = null;
    if (row.stock !== undefined) {
      if (!/^\d+$/.test(row.stock) || Number(row.stock) > MAX_MOVEMENT_QUANTITY) {
        return fail(CSV_MESSAGES.stockInvalid);
      }
      const counted = Number(row.stock);
      if (counted !== product.stock) stock = { from: product.stock, to: counted };
    }
    const status = price || stock ? "changed" : "unchanged";
    return { ...base, status, price, stock, error: null };
  });
  const count = (status: CsvImportRow["status"]) =>
    rows.filter((row) => row.status === status).length;
  const ids = parsed.rows.map((row) => row.id).filter((id) => id !== "");
  return {
    preview: {
      rows,
      changes: count("changed"),
      errors: count("error"),
      unchanged: count("unchanged"),
      skipped: count("skipped"),
      largePriceChanges: rows.filter((row) => row.status === "changed" && row.price?.large).length,
      fileErrors: parsed.fileErrors,
      token: tokenOf(csv, ids, byId),
    },
    ids,
  };
}

async function productsById(
  tx: Transaction | Database,
  ids: string[],
  lock: boolean,
): Promise<Map<string, ProductRow>> {
  if (ids.length === 0) return new Map();
  const query = tx
    .select()
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]))
    .orderBy(asc(products.id));
  const rows = lock ? await query.for("update") : await query;
  return new Map(rows.map((row) => [row.id, row]));
}

/** What applying the file would do, row by row; changes nothing. */
export async function previewCatalogueImport(db: Database, csv: string): Promise<CsvImportPreview> {
  const parsed = readFile(csv);
  const byId = await productsById(
    db,
    parsed.rows.map((row) => row.id),
    false,
  );
  return plan(csv, byId, parsed).preview;
}

/**
 * Applies a previewed file in one transaction, all or nothing: the named products are locked,
 * the file is checked again against them, and it is refused if any row has an error or if
 * anything it touches changed since the preview (the token). Prices raise the product's
 * version; stock changes are count corrections in the ledger.
 */
export async function applyCatalogueImport(
  deps: { db: Database; changed: () => void },
  request: FastifyRequest,
  csv: string,
  token: string,
  confirmLargePriceChanges = false,
): Promise<CsvImportResult> {
  const member = staffMemberOf(request);
  const parsed = readFile(csv);
  const result = await deps.db.transaction(async (tx) => {
    const byId = await productsById(
      tx,
      parsed.rows.map((row) => row.id),
      true,
    );
    const { preview } = plan(csv, byId, parsed);
    if (preview.fileErrors.length > 0 || preview.errors > 0) {
      throw new AppError("VALIDATION_FAILED", CSV_MESSAGES.hasErrors);
    }
    if (preview.token !== token) throw new AppError("CONFLICT", CSV_MESSAGES.changedSinceAnalysis);
    if (preview.largePriceChanges > 0 && !confirmLargePriceChanges) {
      throw new AppError(
        "CONFIRMATION_REQUIRED",
        CSV_MESSAGES.largeUnconfirmed(preview.largePriceChanges),
      );
    }
    const changing = preview.rows.filter((row) => row.status === "changed");
    if (changing.length === 0) throw new AppError("VALIDATION_FAILED", CSV_MESSAGES.nothingToApply);
    let priceChanges = 0;
    let stockChanges = 0;
    for (const row of changing) {
      const before = byId.get(row.id)!;
      if (row.price) {
        await tx
          .update(products)
          .set({
            pricePaise: row.price.toPaise,
            version: sql`${products.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(products.id, row.id));
        priceChanges++;
      }
      if (row.stock) {
        const moved = await applyMovement(tx, {
          productId: row.id,
          kind: "count",
          counted: row.stock.to,
          note: "CSV import",
          staffId: member.id,
        });
        if (!moved) throw new Error(`count for ${row.id} moved nothing`);
        stockChanges++;
      }
      await recordAudit(tx, request, {
        action: "product.import",
        targetType: "product",
        targetId: row.id,
        before: {
          ...(row.price && { pricePaise: before.pricePaise }),
          ...(row.stock && { stock: before.stock }),
          version: before.version,
        },
        after: {
          name: before.name,
          unit: before.unit,
          ...(row.price && { pricePaise: row.price.toPaise }),
          ...(row.stock && { stock: row.stock.to }),
          version: row.price ? before.version + 1 : before.version,
        },
      });
    }
    await notifyStaff(tx, { topic: LIVE_TOPICS.products, dashboards: ["inventory"] });
    if (stockChanges > 0)
      await notifyStaff(tx, { topic: LIVE_TOPICS.stock, dashboards: ["inventory"] });
    return { applied: changing.length, priceChanges, stockChanges };
  });
  deps.changed();
  return result;
}
