// A customer's personal data, asked of the module that owns it: each module whose tables hold a
// customer's data exports one part; account deletion runs the erase parts in its one transaction
// and the data download merges the export parts (decision 35; India's DPDP Act).
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { erasedAddress } from "../shared/contracts/account-deletion.ts";
import type { Database, Transaction } from "./db/client.ts";

export type Account = { id: string; name: string; email: string; emailVerified: boolean };

/** What one erasure counts, part by part. */
export type Erasure = {
  orders: number;
  /** Orders whose invoice keeps its recipient's name and address for now. */
  keptRecipients: number;
  tickets: number;
  feedback: number;
  bulkOrders: number;
  mails: number;
};

/**
 * The customer being erased, and what the parts run so far erased, for the parts after them:
 * payments and kept answers follow their orders and requests, mail follows every address and
 * reference the records were written to.
 */
export type ErasingCustomer = {
  account: Account;
  orders: { id: number; orderNumber: string }[];
  bulkOrders: { id: number; ticketId: string }[];
  /** Support tickets' references and bulk requests' ticket ids: mail subjects carry them. */
  references: Set<string>;
  /** Every address these records were written to, lower-cased. */
  addresses: Set<string>;
  /** Codes other modules keep for the account under an identifier of their own. */
  codeIdentifiers: string[];
  counts: Erasure;
};

/** Part of the document a customer downloads (its top-level keys). */
export type ExportedData = Record<string, unknown>;

export type PersonalDataPart = {
  /**
   * Every table of the module holding a customer's personal data: erased or exported here, or
   * deleted with the account row (a foreign key that cascades), as the part's comment says.
   */
  tables: readonly PgTable[];
  /** In the deletion's one transaction, the account locked; none when a cascade erases it. */
  eraseCustomer?: (tx: Transaction, who: ErasingCustomer) => Promise<void>;
  /** The part's keys of the download; none when the customer sees nothing of it there. */
  exportCustomer?: (db: Database, customerId: string) => Promise<ExportedData | undefined>;
};

/** erasedAddress (the contract), as SQL over a column. */
export const erasedAddressSql = (reference: SQL) => sql`'erased-' || ${reference} || '@invalid'`;

/** For mail and notes not about one order, ticket or request. */
export const ERASED_INBOX = erasedAddress("account");

/**
 * Matching by address reaches records made without signing in (feedback, a ticket or request
 * sent as a guest) only once the owner has proved the address is theirs: anyone can sign up
 * with someone else's address and must not erase that person's messages.
 */
export const byProvedAddress = (account: Account, column: AnyColumn) =>
  account.emailVerified ? sql`lower(${column}) = ${account.email.toLowerCase()}` : sql`false`;

export const isoOf = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();
