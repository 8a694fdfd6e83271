// What a credit note (CGST Rule 53) holds: the invoice it reverses, and per HSN line the units,
// taxable value and GST taken back. Written once when it is issued and never changed.

export type CreditNoteLine = {
  productId: string;
  name: string;
  hsnCode: string;
  unit: string;
  quantity: number;
  unitPricePaise: number;
  gstRateBps: number;
  taxablePaise: number;
  gstPaise: number;
};

export type CreditNoteDocument = {
  number: string;
  issuedAt: string;
  invoiceNumber: string;
  invoicedAt: string;
  /** Why value goes back, in the shopper's words: "Order cancelled: address not reachable". */
  reason: string;
  lines: CreditNoteLine[];
  taxablePaise: number;
  gstPaise: number;
  /** The delivery fee given back with a whole-order cancellation (0 otherwise). */
  deliveryFeePaise: number;
  totalPaise: number;
};

export function creditNoteFileName(number: string, format: "html" | "pdf" = "html"): string {
  return `credit-note-${number.replaceAll("/", "-")}.${format}`;
}
