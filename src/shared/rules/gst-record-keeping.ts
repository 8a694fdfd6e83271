// What GST law makes the shop keep of an erased customer's invoices, and for how long
// (decision 35). CGST Rule 46(e): an invoice to an unregistered buyer names the recipient and the
// delivery address only when the taxable supply is worth ₹50,000 or more; below that it needs only
// the place of supply (the state). CGST Act s.36: accounts and records are kept 72 months from
// the due date of the annual return of the year they belong to (31 December after the
// financial year ends).
import { financialYear } from "./gst-documents.ts";

/** ₹50,000 in paise: from this value an invoice must name its unregistered recipient. */
export const RECIPIENT_NAMED_FROM_PAISE = 50_000_00;

/**
 * Whether an issued invoice must keep its recipient's name and delivery address. The value of
 * supply counts the delivery charge with the goods: the rule speaks of the supply, not one line.
 */
export function invoiceNamesRecipient(invoice: {
  invoiceNumber: string | null;
  subtotalPaise: number;
  deliveryFeePaise: number;
}): boolean {
  if (!invoice.invoiceNumber) return false;
  return invoice.subtotalPaise + invoice.deliveryFeePaise >= RECIPIENT_NAMED_FROM_PAISE;
}

/** Years after a financial year ends until its records may go: the annual return's year + 6. */
const RETURN_DUE_YEARS_AFTER_START = 1;
const KEPT_YEARS_AFTER_RETURN = 6;

/**
 * The last India day an invoice issued at `invoicedAt` must be kept: 72 months after the annual
 * return for its financial year is due. An invoice of 2026-27 (return due 31 Dec 2027) is kept
 * to 31 Dec 2033.
 */
export function gstRecordKeptUntil(invoicedAt: Date): string {
  const startYear = Number(financialYear(invoicedAt).slice(0, 4));
  return `${startYear + RETURN_DUE_YEARS_AFTER_START + KEPT_YEARS_AFTER_RETURN}-12-31`;
}
