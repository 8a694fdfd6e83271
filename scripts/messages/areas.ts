/**
 * The server's own area: what it writes after the page (mails, documents). It is never loaded by
 * a page, so it may repeat a page's text ("Subtotal"), translated as the page translates it.
 */
export const SERVER_AREA = "emails";
