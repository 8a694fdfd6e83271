// The description search engines and link previews show for the store's pages, in the page's
// language. The server writes it into the page's head; the page itself never shows it.
import { escapeHtml } from "../../shared/rules/safe-text.ts";
import { translatorFor } from "../i18n/translator.ts";

export const STORE_DESCRIPTION =
  /*i18n*/ "Fresh, organic fruit, vegetables, dairy and herbs from farms around Bhubaneswar, delivered to your door in 30-60 minutes.";

export const descriptionMeta = (locale: string) =>
  `<meta name="description" content="${escapeHtml(translatorFor(locale)._(STORE_DESCRIPTION))}"/>`;
