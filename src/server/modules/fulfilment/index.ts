export { readCreditNote } from "./credit-notes.ts";
export { rollUpClosedDays } from "./figures/order-rollup.ts";
export { fulfilmentPlugin } from "./fulfilment-plugin.ts";
export { countLateOrders } from "./late-orders.ts";
export { creditNoteHtml, invoiceHtml, noteParamsSchema, sendDocument } from "./order-documents.ts";
export { returnLinesToStock } from "./return-to-stock.ts";
export { statusMailsFor } from "./status-mails-for.ts";
