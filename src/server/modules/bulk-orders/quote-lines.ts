// A quote's lines: each product read from the catalogue (name, unit, HSN, GST rate, today's
// price unless the day's market rate is given), priced by the shared rule, and stored in place of
// the last quote's lines.
import { asc, eq, inArray } from "drizzle-orm";
import {
  type BulkQuote,
  MAX_QUOTE_PAISE,
  QUOTE_MESSAGES,
  type QuoteView,
} from "../../../shared/contracts/bulk-orders.ts";
import {
  maxQuoteLineQuantity,
  type QuoteBreakdown,
  quoteBreakdown,
} from "../../../shared/rules/bulk-quote.ts";
import { formatQuantity, lineAmountPaise } from "../../../shared/rules/measure.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { products } from "../inventory/schema.ts";
import type { BulkOrderRow } from "./bulk-order-access.ts";
import { bulkOrderLines } from "./schema.ts";

export type PricedQuote = {
  breakdown: QuoteBreakdown;
  lines: Omit<typeof bulkOrderLines.$inferInsert, "id" | "bulkOrderId">[];
};

/**
 * The quote's lines from the catalogue, or a clear refusal naming the product at fault. Products
 * in `alreadyQuoted` stay even if the shop has stopped selling them since.
 */
export async function priceQuote(
  tx: Transaction,
  input: Pick<BulkQuote, "lines" | "discountPercent" | "deliveryChargePaise">,
  alreadyQuoted: ReadonlySet<string> = new Set(),
): Promise<PricedQuote> {
  const ids = input.lines.map((line) => line.productId);
  const found = await tx.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(found.map((product) => [product.id, product]));
  const chosen = input.lines.map((line, index) => {
    const product = byId.get(line.productId);
    if (!product) {
      throw new AppError(
        "VALIDATION_FAILED",
        QUOTE_MESSAGES.unknownProduct(line.productId),
        `lines.${index}.productId`,
      );
    }
    if (product.archivedAt && !alreadyQuoted.has(product.id)) {
      throw new AppError(
        "VALIDATION_FAILED",
        QUOTE_MESSAGES.archivedProduct(product.name),
        `lines.${index}.productId`,
      );
    }
    if (line.quantity > maxQuoteLineQuantity(product.unit)) {
      throw new AppError("VALIDATION_FAILED", QUOTE_MESSAGES.quantity, `lines.${index}.quantity`);
    }
    return { product, line };
  });
  const breakdown = quoteBreakdown(
    chosen.map(({ product, line }) => ({
      listPricePaise: line.listPricePaise ?? product.pricePaise,
      quantity: line.quantity,
      unit: product.unit,
      gstRateBps: product.gstRateBps,
    })),
    input,
  );
  if (breakdown.totalPaise > MAX_QUOTE_PAISE) {
    throw new AppError("VALIDATION_FAILED", QUOTE_MESSAGES.tooLarge);
  }
  return {
    breakdown,
    lines: chosen.map(({ product }, index) => ({
      position: index,
      productId: product.id,
      name: product.name,
      hsnCode: product.hsnCode,
      ...breakdown.lines[index]!,
    })),
  };
}

/** A line as the audit log keeps it: "Pumpkin × 100 kg". */
export const lineText = (line: { name: string; quantity: number; unit: string }) =>
  `${line.name} × ${formatQuantity(line.quantity, line.unit)}`;

export async function replaceQuoteLines(
  tx: Transaction,
  bulkOrderId: number,
  lines: PricedQuote["lines"],
): Promise<void> {
  await tx.delete(bulkOrderLines).where(eq(bulkOrderLines.bulkOrderId, bulkOrderId));
  await tx.insert(bulkOrderLines).values(lines.map((line) => ({ ...line, bulkOrderId })));
}

/** The quote as the planner and the desk read it, from the stored lines (null before any). */
export async function loadQuote(
  db: Database | Transaction,
  row: BulkOrderRow,
): Promise<QuoteView | null> {
  if (row.quotePaise === null || row.deliveryChargePaise === null) return null;
  const lines = await db
    .select()
    .from(bulkOrderLines)
    .where(eq(bulkOrderLines.bulkOrderId, row.id))
    .orderBy(asc(bulkOrderLines.position));
  if (lines.length === 0) return null;
  const sum = (of: (line: (typeof lines)[number]) => number) =>
    lines.reduce((total, line) => total + of(line), 0);
  const listSubtotalPaise = sum((line) =>
    lineAmountPaise(line.listPricePaise, line.quantity, line.unit),
  );
  const subtotalPaise = sum((line) => line.taxablePaise);
  const gstPaise = sum((line) => line.gstPaise);
  return {
    lines: lines.map(({ id: _id, bulkOrderId: _order, position: _position, ...line }) => line),
    listSubtotalPaise,
    discountPercent: row.discountPercent,
    discountPaise: listSubtotalPaise - subtotalPaise,
    subtotalPaise,
    gstPaise,
    deliveryChargePaise: row.deliveryChargePaise,
    totalPaise: row.quotePaise,
    advancePaise: row.advancePaise ?? 0,
    balancePaise: row.quotePaise - (row.advancePaise ?? 0),
  };
}
