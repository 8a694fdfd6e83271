// Erasing a customer's account (decision 35), in the caller's one transaction: every module
// whose tables hold a customer's data erases its part (personal-data-parts.ts). The account and
// what hangs off it are deleted; orders, tickets, feedback, bulk requests and mail keep their
// figures, numbers and times but lose the person. GST law keeps an invoice's place of supply,
// and its recipient's name and address from ₹50,000, for a time (shared/rules/gst-record-keeping).
import { and, eq, notInArray, or } from "drizzle-orm";
import { ACCOUNT_DELETION_MESSAGES as WORDS } from "../../../shared/contracts/account-deletion.ts";
import { fill } from "../../../shared/i18n/fill.ts";
import type { Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import {
  type Account,
  byProvedAddress,
  type ErasingCustomer,
  type Erasure,
} from "../../personal-data.ts";
import { users } from "../auth/schema.ts";
import { bulkOrders } from "../bulk-orders/schema.ts";
import { orders } from "../orders/schema.ts";
import { deletionCodeIdentifier } from "./account-deletion-codes.ts";
import { PERSONAL_DATA_PARTS } from "./personal-data-parts.ts";

export type { Account, Erasure } from "../../personal-data.ts";
export { eraseExpiredRecipients } from "../orders/index.ts";

/** Where an order or a bulk request ends; anything else is still under way. */
const FINISHED = ["delivered", "cancelled"];

/** An account being deleted, with its saved language for the mails the deletion sends. */
export type LockedAccount = Account & { locale: string | null };

/** The account, locked until the deletion commits; undefined once another deletion took it. */
export async function lockAccount(tx: Transaction, customerId: string) {
  const [account] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, customerId))
    .for("update");
  return account as LockedAccount | undefined;
}

/** A shop order or a bulk request still under way: the shopper must not lose track of it. */
export async function refuseWhileOpen(tx: Transaction, account: Account) {
  const [order] = await tx
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.customerId, account.id), notInArray(orders.status, FINISHED)))
    .limit(1);
  if (order)
    throw new AppError("CONFLICT", fill(WORDS.openOrder, { orderNumber: order.orderNumber }));
  const [bulk] = await tx
    .select({ ticketId: bulkOrders.ticketId })
    .from(bulkOrders)
    .where(
      and(
        or(eq(bulkOrders.customerId, account.id), byProvedAddress(account, bulkOrders.email)),
        notInArray(bulkOrders.status, FINISHED),
      ),
    )
    .limit(1);
  if (bulk) throw new AppError("CONFLICT", fill(WORDS.openBulkOrder, { ticketId: bulk.ticketId }));
}

/** Erases the account and everything of it; the account must be locked (lockAccount). */
export async function eraseAccount(tx: Transaction, account: Account): Promise<Erasure> {
  const who: ErasingCustomer = {
    account,
    orders: [],
    bulkOrders: [],
    references: new Set(),
    addresses: new Set([account.email.toLowerCase()]),
    codeIdentifiers: [deletionCodeIdentifier(account.id)],
    counts: { orders: 0, keptRecipients: 0, tickets: 0, feedback: 0, bulkOrders: 0, mails: 0 },
  };
  for (const part of PERSONAL_DATA_PARTS) await part.eraseCustomer?.(tx, who);
  return who.counts;
}
