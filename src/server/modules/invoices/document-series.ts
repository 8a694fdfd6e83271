import { sql } from "drizzle-orm";
import {
  documentNumber,
  financialYear,
  type GstDocumentKind,
} from "../../../shared/rules/gst-documents.ts";
import { type Database, rowsOf, type Transaction } from "../../db/client.ts";

/**
 * The next number of a GST document series, inside the transaction that issues the document.
 * The series row stays locked until that transaction ends: a second issuer waits, so numbers are
 * consecutive with no duplicates, and a rollback gives the number back, so there are no gaps.
 */
export async function nextDocumentNumber(
  tx: Transaction | Database,
  kind: GstDocumentKind,
  now: Date,
): Promise<string> {
  const year = financialYear(now);
  const [row] = rowsOf<{ last_serial: number }>(
    await tx.execute(sql`
      insert into document_series (kind, financial_year, last_serial)
      values (${kind}, ${year}, 1)
      on conflict (kind, financial_year)
        do update set last_serial = document_series.last_serial + 1
      returning last_serial`),
  );
  if (!row) throw new Error(`no serial for ${kind} ${year}`);
  return documentNumber(kind, year, Number(row.last_serial));
}
