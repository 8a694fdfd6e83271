import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, text, timestamp } from "drizzle-orm/pg-core";
import { LOCALES } from "../../../shared/i18n/locales.ts";

/** A point in time, stored with its time zone so every instance and report agrees on it. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The language a shopper used when a row was made (an order, a ticket, a bulk request): its mails
 * go out in it, and the staff see it (decision 56). Rows from before languages are English.
 */
export const shopperLocale = () => text("locale").notNull().default("en");

/** Only the store's languages: a mail is never drawn in one it has no words for. */
export const localeCheck = (column: AnyPgColumn): SQL =>
  sql`${column} in (${sql.raw(LOCALES.map((locale) => `'${locale}'`).join(", "))})`;
