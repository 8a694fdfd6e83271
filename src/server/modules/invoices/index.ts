export {
  type CreditNoteDocument,
  type CreditNoteLine,
  creditNoteFileName,
} from "./credit-note-document.ts";
export { nextDocumentNumber } from "./document-series.ts";
export type { Seller } from "./gst-figures.ts";
export { invoiceFileName, renderInvoice } from "./invoice-document.tsx";
export { renderCreditNote } from "./render-credit-note.tsx";
