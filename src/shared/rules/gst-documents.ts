// Serial numbers of the shop's GST documents (CGST Rule 46(b) and Rule 53): each kind has its own
// consecutive series per financial year, at most 16 characters, separate from the order number.
import { shopDate } from "./bulk-delivery-date.ts";

export const GST_DOCUMENT_KINDS = ["invoice", "credit_note"] as const;
export type GstDocumentKind = (typeof GST_DOCUMENT_KINDS)[number];

const PREFIX: Record<GstDocumentKind, string> = { invoice: "FHH", credit_note: "FCN" };
/** Six digits keep a number at 16 characters: up to 999,999 documents of a kind a year. */
const DIGITS = 6;

/** India's financial year (April to March) of an instant, as "2026-27". */
export function financialYear(now: Date): string {
  const [year, month] = shopDate(now).split("-").map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** "FHH/26-27/000042": prefix, the financial year's short form, the serial. */
export function documentNumber(kind: GstDocumentKind, year: string, serial: number): string {
  return `${PREFIX[kind]}/${year.slice(2)}/${String(serial).padStart(DIGITS, "0")}`;
}

export const INVOICE_NUMBER_PATTERN = /^FHH\/\d{2}-\d{2}\/\d{6,}$/;
export const CREDIT_NOTE_NUMBER_PATTERN = /^FCN\/\d{2}-\d{2}\/\d{6,}$/;
