export { readCreditNote } from "./credit-notes.ts";
export { salesFiguresRoutes } from "./figures/figures-routes.ts";
export { rollUpClosedDays } from "./figures/order-rollup.ts";
export { countLateOrders } from "./late-orders.ts";
export { creditNoteHtml, invoiceHtml, noteParamsSchema, sendDocument } from "./order-documents.ts";
export { returnLinesToStock } from "./return-to-stock.ts";
export { salesOrderRoutes } from "./staff-routes.ts";
export { statusMailsFor } from "./status-mails-for.ts";
