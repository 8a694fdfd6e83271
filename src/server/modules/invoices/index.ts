export {
  type CreditNoteDocument,
  type CreditNoteLine,
  creditNoteFileName,
} from "./credit-note-document.ts";
export { nextDocumentNumber } from "./document-series.ts";
export type { Seller } from "./gst-figures.ts";
export { invoiceFileName, renderInvoice, renderInvoicePdf } from "./invoice-document.tsx";
export { renderCreditNote, renderCreditNotePdf } from "./render-credit-note.tsx";
