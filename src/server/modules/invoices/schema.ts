import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * The last serial issued in each GST document series (invoices, credit notes) per financial
 * year. Taking the next one locks the row until the transaction ends, so the series has no gaps
 * and no duplicates: a rolled-back document gives its number back.
 */
export const documentSeries = pgTable(
  "document_series",
  {
    kind: text("kind").notNull(),
    financialYear: text("financial_year").notNull(),
    lastSerial: integer("last_serial").notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.financialYear] })],
);
