// Made by `npm run messages`: every compiled catalogue, for the server's translator, which
// writes mails and documents in any language (decision 56). A page loads only its own.
import type { Messages } from "@lingui/core";
import { messages as en_account } from "./en/account.ts";
import { messages as en_bulk } from "./en/bulk.ts";
import { messages as en_cart } from "./en/cart.ts";
import { messages as en_catalogue } from "./en/catalogue.ts";
import { messages as en_checkout } from "./en/checkout.ts";
import { messages as en_emails } from "./en/emails.ts";
import { messages as en_forms } from "./en/forms.ts";
import { messages as en_home } from "./en/home.ts";
import { messages as en_orders } from "./en/orders.ts";
import { messages as en_pages } from "./en/pages.ts";
import { messages as en_shell } from "./en/shell.ts";
import { messages as en_support } from "./en/support.ts";
import { messages as or_account } from "./or/account.ts";
import { messages as or_bulk } from "./or/bulk.ts";
import { messages as or_cart } from "./or/cart.ts";
import { messages as or_catalogue } from "./or/catalogue.ts";
import { messages as or_checkout } from "./or/checkout.ts";
import { messages as or_emails } from "./or/emails.ts";
import { messages as or_forms } from "./or/forms.ts";
import { messages as or_home } from "./or/home.ts";
import { messages as or_orders } from "./or/orders.ts";
import { messages as or_pages } from "./or/pages.ts";
import { messages as or_shell } from "./or/shell.ts";
import { messages as or_support } from "./or/support.ts";
import { messages as hi_account } from "./hi/account.ts";
import { messages as hi_bulk } from "./hi/bulk.ts";
import { messages as hi_cart } from "./hi/cart.ts";
import { messages as hi_catalogue } from "./hi/catalogue.ts";
import { messages as hi_checkout } from "./hi/checkout.ts";
import { messages as hi_emails } from "./hi/emails.ts";
import { messages as hi_forms } from "./hi/forms.ts";
import { messages as hi_home } from "./hi/home.ts";
import { messages as hi_orders } from "./hi/orders.ts";
import { messages as hi_pages } from "./hi/pages.ts";
import { messages as hi_shell } from "./hi/shell.ts";
import { messages as hi_support } from "./hi/support.ts";

export const ALL_CATALOGUES: Record<string, Messages[]> = {
  en: [en_account, en_bulk, en_cart, en_catalogue, en_checkout, en_emails, en_forms, en_home, en_orders, en_pages, en_shell, en_support],
  or: [or_account, or_bulk, or_cart, or_catalogue, or_checkout, or_emails, or_forms, or_home, or_orders, or_pages, or_shell, or_support],
  hi: [hi_account, hi_bulk, hi_cart, hi_catalogue, hi_checkout, hi_emails, hi_forms, hi_home, hi_orders, hi_pages, hi_shell, hi_support],
};
