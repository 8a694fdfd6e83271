// Erasing a customer's account (decision 35), in the caller's one transaction: the account and
// what hangs off it are deleted; orders, tickets, feedback, bulk requests and mail keep their
// figures, numbers and times but lose the person. GST law keeps an invoice's place of supply,
// and its recipient's name and address from ₹50,000, for a time (shared/rules/gst-record-keeping).
import { type AnyColumn, and, eq, inArray, notInArray, or, type SQL, sql } from "drizzle-orm";
import {
  ERASED_NAME,
  erasedAddress,
  ACCOUNT_DELETION_MESSAGES as WORDS,
} from "../../../shared/contracts/account-deletion.ts";
import { BULK_PAYMENT_METHOD_LABELS } from "../../../shared/contracts/bulk-orders.ts";
import { PAYMENT_METHOD_LABELS } from "../../../shared/contracts/checkout.ts";
import {
  gstRecordKeptUntil,
  invoiceNamesRecipient,
} from "../../../shared/rules/gst-record-keeping.ts";
import { type Database, rowsOf, type Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { users, verifications } from "../auth/schema.ts";
import { bulkOrders } from "../bulk-orders/schema.ts";
import { idempotencyKeys } from "../idempotency/schema.ts";
import { mailOutbox } from "../mail/schema.ts";
import { orders } from "../orders/schema.ts";
import { payments } from "../payments/schema.ts";
import { feedback, supportMessages, supportTickets } from "../support/schema.ts";
import { deletionCodeIdentifier } from "./account-deletion-codes.ts";

export type Account = { id: string; name: string; email: string; emailVerified: boolean };

/** erasedAddress (the contract), as SQL over a column. */
const erasedAddressSql = (reference: SQL) => sql`'erased-' || ${reference} || '@invalid'`;
/** For mail not about one order, ticket or request. */
const ERASED_INBOX = erasedAddress("account");

/** Better Auth's email-code identifiers, `<kind>-otp-<address>` (its email-otp plugin). */
const EMAIL_CODE_KINDS = ["email-verification", "forget-password", "sign-in"];

/** Where an order or a bulk request ends; anything else is still under way. */
const FINISHED = ["delivered", "cancelled"];
/** The store's order numbers, as its mails' subjects carry them (order-number.ts). */
const ORDER_NUMBER = /FHH-\d{6}/g;

/** The account, locked until the deletion commits; undefined once another deletion took it. */
export async function lockAccount(tx: Transaction, customerId: string) {
  const [account] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(users.id, customerId))
    .for("update");
  return account as Account | undefined;
}

/**
 * Matching by address reaches records made without signing in (feedback, a ticket or request
 * sent as a guest) only once the owner has proved the address is theirs: anyone can sign up
 * with someone else's address and must not erase that person's messages.
 */
const byAddress = (account: Account, column: AnyColumn) =>
  account.emailVerified ? sql`lower(${column}) = ${account.email.toLowerCase()}` : sql`false`;

/** A shop order or a bulk request still under way: the shopper must not lose track of it. */
export async function refuseWhileOpen(tx: Transaction, account: Account) {
  const [order] = await tx
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.customerId, account.id), notInArray(orders.status, FINISHED)))
    .limit(1);
  if (order) throw new AppError("CONFLICT", WORDS.openOrder(order.orderNumber));
  const [bulk] = await tx
    .select({ ticketId: bulkOrders.ticketId })
    .from(bulkOrders)
    .where(
      and(
        or(eq(bulkOrders.customerId, account.id), byAddress(account, bulkOrders.email)),
        notInArray(bulkOrders.status, FINISHED),
      ),
    )
    .limit(1);
  if (bulk) throw new AppError("CONFLICT", WORDS.openBulkOrder(bulk.ticketId));
}

export type Erasure = {
  orders: number;
  /** Orders whose invoice keeps its recipient's name and address for now. */
  keptRecipients: number;
  tickets: number;
  feedback: number;
  bulkOrders: number;
  mails: number;
};

/** What the erasure touched, by reference: the mail is matched against these. */
type Erased = {
  orderNumbers: Set<string>;
  references: Set<string>;
  /** Every address these records were written to, lower-cased. */
  addresses: Set<string>;
};

/** Erases the account and everything of it; the account must be locked (lockAccount). */
export async function eraseAccount(tx: Transaction, account: Account): Promise<Erasure> {
  const erased: Erased = {
    orderNumbers: new Set(),
    references: new Set(),
    addresses: new Set([account.email.toLowerCase()]),
  };
  const shop = await eraseOrders(tx, account, erased);
  const tickets = await eraseTickets(tx, account, erased);
  const notes = await eraseFeedback(tx, account);
  const bulk = await eraseBulkOrders(tx, account, erased);
  const mails = await eraseMail(tx, account, erased);
  // The account's own codes and pending email changes, named exactly as they are made (a
  // substring match would also take another address's codes: "ustomer@" is in "customer@").
  const email = account.email.toLowerCase();
  await tx.delete(verifications).where(
    or(
      inArray(
        sql`lower(${verifications.identifier})`,
        EMAIL_CODE_KINDS.map((kind) => `${kind}-otp-${email}`),
      ),
      eq(verifications.identifier, deletionCodeIdentifier(account.id)),
      sql`starts_with(${verifications.identifier}, ${`change-email-otp-${account.id}:`})`,
    ),
  );
  // Sessions, passwords and outside sign-ins, saved addresses and the cart go with it (cascade).
  await tx.delete(users).where(eq(users.id, account.id));
  return { ...shop, tickets, feedback: notes, bulkOrders: bulk, mails };
}

async function eraseOrders(tx: Transaction, account: Account, erased: Erased) {
  const owned = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      email: orders.email,
      invoiceNumber: orders.invoiceNumber,
      invoicedAt: orders.invoicedAt,
      subtotalPaise: orders.subtotalPaise,
      deliveryFeePaise: orders.deliveryFeePaise,
    })
    .from(orders)
    .where(eq(orders.customerId, account.id))
    .for("update");
  if (owned.length === 0) return { orders: 0, keptRecipients: 0 };
  for (const order of owned) {
    erased.orderNumbers.add(order.orderNumber);
    erased.addresses.add(order.email.toLowerCase());
  }
  const ids = owned.map((order) => order.id);
  const kept = owned.filter(invoiceNamesRecipient);
  const keptIds = new Set(kept.map((order) => order.id));
  // The invoice's numbers, lines, amounts, place of supply (city, state, PIN code), rating and
  // times stay; nothing on it can reach the person any more, nor can any browser open it.
  await tx
    .update(orders)
    .set({
      customerId: null,
      email: erasedAddressSql(sql`${orders.orderNumber}`),
      phone: "",
      notes: "",
      browserKeyHash: "",
      networkKey: null,
      updatedAt: sql`now()`,
    })
    .where(inArray(orders.id, ids));
  const named = ids.filter((id) => !keptIds.has(id));
  if (named.length > 0) {
    await tx
      .update(orders)
      .set({
        firstName: WORDS.erasedFirstName,
        lastName: WORDS.erasedLastName,
        address: "",
      })
      .where(inArray(orders.id, named));
  }
  for (const order of kept) {
    await tx
      .update(orders)
      .set({ recipientKeptUntil: gstRecordKeptUntil(order.invoicedAt ?? new Date()) })
      .where(eq(orders.id, order.id));
  }
  await eraseUpiIds(tx, inArray(payments.orderId, ids));
  // A checkout's kept answer (an order view, name and address included) for a retry.
  await tx.delete(idempotencyKeys).where(
    and(
      eq(idempotencyKeys.scope, "checkout"),
      inArray(
        sql`${idempotencyKeys.responseBody}->>'orderNumber'`,
        owned.map((order) => order.orderNumber),
      ),
    ),
  );
  return { orders: owned.length, keptRecipients: kept.length };
}

/** A UPI ID is a handle the person chose (often their name or number); a card's last 4 stay. */
async function eraseUpiIds(tx: Transaction, whose: SQL | undefined) {
  const labels = { ...BULK_PAYMENT_METHOD_LABELS, ...PAYMENT_METHOD_LABELS };
  const cases = Object.entries(labels).map(([method, label]) => sql`when ${method} then ${label}`);
  await tx
    .update(payments)
    .set({
      instrumentSummary: sql`case ${payments.method} ${sql.join(cases, sql` `)} else 'UPI' end`,
    })
    .where(and(whose, sql`${payments.instrumentSummary} like '%@%'`));
}

/**
 * Tickets keep their reference, topic, order number, status and times (the support figures);
 * the person and every word of the thread go, the shop's replies too, which greet and quote them.
 */
async function eraseTickets(tx: Transaction, account: Account, erased: Erased) {
  const tickets = await tx
    .select({
      id: supportTickets.id,
      reference: supportTickets.reference,
      email: supportTickets.email,
    })
    .from(supportTickets)
    .where(or(eq(supportTickets.customerId, account.id), byAddress(account, supportTickets.email)))
    .for("update");
  if (tickets.length === 0) return 0;
  for (const ticket of tickets) {
    erased.references.add(ticket.reference);
    erased.addresses.add(ticket.email.toLowerCase());
  }
  const ids = tickets.map((ticket) => ticket.id);
  await tx
    .update(supportTickets)
    .set({
      name: ERASED_NAME,
      email: erasedAddressSql(sql`${supportTickets.reference}`),
      phone: "",
      message: WORDS.erasedText,
      customerId: null,
    })
    .where(inArray(supportTickets.id, ids));
  await tx
    .update(supportMessages)
    .set({ body: WORDS.erasedText })
    .where(inArray(supportMessages.ticketId, ids));
  return tickets.length;
}

/** The home page's feedback form asks for no account: it is the address's, once proved. */
async function eraseFeedback(tx: Transaction, account: Account) {
  const rows = await tx
    .update(feedback)
    .set({ name: ERASED_NAME, email: ERASED_INBOX, message: WORDS.erasedText })
    .where(byAddress(account, feedback.email))
    .returning({ id: feedback.id });
  return rows.length;
}

/**
 * Bulk requests keep their ticket, event type, dates, status, quote and payments; the planner's
 * name, contacts, venue and their own list go (the quote's notes are the shop's).
 */
async function eraseBulkOrders(tx: Transaction, account: Account, erased: Erased) {
  const rows = await tx
    .select({ id: bulkOrders.id, ticketId: bulkOrders.ticketId, email: bulkOrders.email })
    .from(bulkOrders)
    .where(or(eq(bulkOrders.customerId, account.id), byAddress(account, bulkOrders.email)))
    .for("update");
  if (rows.length === 0) return 0;
  for (const row of rows) {
    erased.references.add(row.ticketId);
    erased.addresses.add(row.email.toLowerCase());
  }
  const ids = rows.map((row) => row.id);
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
    .where(inArray(bulkOrders.id, ids));
  await eraseUpiIds(tx, inArray(payments.bulkOrderId, ids));
  await tx.delete(idempotencyKeys).where(
    and(
      eq(idempotencyKeys.scope, "bulk-advance"),
      inArray(
        sql`${idempotencyKeys.responseBody}->>'ticketId'`,
        rows.map((row) => row.ticketId),
      ),
    ),
  );
  return rows.length;
}

type MailRow = { id: number; to_address: string; subject: string };

/**
 * The outbox's copies of the erased records' mail: the record of each mail stays (subject, when,
 * status), its body, attachments and address go; one not yet sent never will be. A mail about
 * an erased order goes to that order's erased address, as its other mails did. Mail about an
 * order that is not the account's (a guest order placed with the same address) is that order's
 * record and stays.
 */
async function eraseMail(tx: Transaction, account: Account, erased: Erased) {
  const rows = rowsOf<MailRow>(
    await tx.execute(sql`
      select id, to_address, subject from mail_outbox
      where lower(to_address) in (${sql.join(
        [...erased.addresses].map((address) => sql`${address}`),
        sql`, `,
      )})
      for update`),
  );
  const accountInbox = account.email.toLowerCase();
  const byAddressTo = new Map<string, number[]>();
  for (const row of rows) {
    const numbers = row.subject.match(ORDER_NUMBER) ?? [];
    const ownOrder = numbers.find((number) => erased.orderNumbers.has(number));
    const reference = [...erased.references].find((each) => row.subject.includes(each));
    let to: string | undefined;
    if (ownOrder) to = erasedAddress(ownOrder);
    else if (numbers.length > 0) to = undefined;
    else if (reference) to = erasedAddress(reference);
    else if (account.emailVerified && row.to_address.toLowerCase() === accountInbox) {
      to = ERASED_INBOX;
    }
    if (to) byAddressTo.set(to, [...(byAddressTo.get(to) ?? []), Number(row.id)]);
  }
  let count = 0;
  for (const [to, ids] of byAddressTo) {
    await tx
      .update(mailOutbox)
      .set({
        toAddress: to,
        textBody: WORDS.erasedText,
        htmlBody: `<p>${WORDS.erasedText}</p>`,
        attachments: [],
        status: sql`case when ${mailOutbox.status} = 'pending' then 'failed' else ${mailOutbox.status} end`,
        lastError: sql`case when ${mailOutbox.status} = 'pending' then 'Not sent: the account was deleted.' else ${mailOutbox.lastError} end`,
        lockedUntil: null,
      })
      .where(inArray(mailOutbox.id, ids));
    count += ids.length;
  }
  return count;
}

/**
 * Once GST law no longer keeps an erased customer's invoice recipient (orders.recipient_kept_until,
 * an India day), the name and delivery address go as on every other erased order. Up to `batch`
 * orders a call, skipping rows another instance holds; answers how many.
 */
export async function eraseExpiredRecipients(db: Database, today: string, batch: number) {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(sql`${orders.recipientKeptUntil} < ${today}`)
    .limit(batch)
    .for("update", { skipLocked: true });
  const erased = await db
    .update(orders)
    .set({
      firstName: WORDS.erasedFirstName,
      lastName: WORDS.erasedLastName,
      address: "",
      recipientKeptUntil: null,
      updatedAt: sql`now()`,
    })
    .where(inArray(orders.id, due))
    .returning({ id: orders.id });
  return erased.length;
}
