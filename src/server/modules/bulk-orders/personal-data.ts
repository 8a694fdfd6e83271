// Bulk requests keep their ticket, event type, dates, status, quote and payments; the planner's
// name, contacts, venue and their own list go (the quote's notes are the shop's).
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import {
  ERASED_NAME,
  ACCOUNT_DELETION_MESSAGES as WORDS,
} from "../../../shared/contracts/account-deletion.ts";
import type { Database, Transaction } from "../../db/client.ts";
import {
  byProvedAddress,
  type ErasingCustomer,
  erasedAddressSql,
  isoOf,
  type PersonalDataPart,
} from "../../personal-data.ts";
import { bulkOrders } from "./schema.ts";

async function eraseBulkOrders(tx: Transaction, who: ErasingCustomer) {
  const { account } = who;
  const rows = await tx
    .select({ id: bulkOrders.id, ticketId: bulkOrders.ticketId, email: bulkOrders.email })
    .from(bulkOrders)
    .where(or(eq(bulkOrders.customerId, account.id), byProvedAddress(account, bulkOrders.email)))
    .for("update");
  if (rows.length === 0) return;
  for (const row of rows) {
    who.bulkOrders.push({ id: row.id, ticketId: row.ticketId });
    who.references.add(row.ticketId);
    who.addresses.add(row.email.toLowerCase());
  }
  await tx
    .update(bulkOrders)
    .set({
      name: ERASED_NAME,
      email: erasedAddressSql(sql`${bulkOrders.ticketId}`),
      phone: "",
      location: "",
      products: WORDS.erasedText,
      customerId: null,
      browserKeyHash: "",
      updatedAt: sql`now()`,
    })
    .where(
      inArray(
        bulkOrders.id,
        rows.map((row) => row.id),
      ),
    );
  who.counts.bulkOrders = rows.length;
}

async function exportBulkOrders(db: Database, customerId: string) {
  const bulk = await db
    .select()
    .from(bulkOrders)
    .where(eq(bulkOrders.customerId, customerId))
    .orderBy(asc(bulkOrders.id));
  return {
    bulkRequests: bulk.map((request) => ({
      ticketId: request.ticketId,
      createdAt: isoOf(request.createdAt),
      status: request.status,
      name: request.name,
      email: request.email,
      phone: request.phone,
      eventType: request.eventType,
      products: request.products,
      location: request.location,
      deliveryDate: request.deliveryDate,
    })),
  };
}

export const bulkOrdersPersonalData: PersonalDataPart = {
  tables: [bulkOrders],
  eraseCustomer: eraseBulkOrders,
  exportCustomer: exportBulkOrders,
};
