import { inArray, sql } from "drizzle-orm";
import {
  erasedAddress,
  ACCOUNT_DELETION_MESSAGES as WORDS,
} from "../../../shared/contracts/account-deletion.ts";
import type { Transaction } from "../../db/client.ts";
import { ERASED_INBOX, type ErasingCustomer, type PersonalDataPart } from "../../personal-data.ts";
import { mailOutbox } from "./schema.ts";

/** The store's order numbers, as its mails' subjects carry them (order-number.ts). */
const ORDER_NUMBER = /FHH-\d{6}/g;

/**
 * The outbox's copies of the erased records' mail: the record of each mail stays (subject, when,
 * status), its body (or its template's data), attachments and address go; one not yet sent never will be. A mail about
 * an erased order goes to that order's erased address, as its other mails did. Mail about an
 * order that is not the account's (a guest order placed with the same address) is that order's
 * record and stays.
 */
async function eraseMail(tx: Transaction, who: ErasingCustomer) {
  const { account } = who;
  const orderNumbers = new Set(who.orders.map((order) => order.orderNumber));
  const rows = await tx
    .select({ id: mailOutbox.id, toAddress: mailOutbox.toAddress, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(inArray(sql`lower(${mailOutbox.toAddress})`, [...who.addresses]))
    .for("update");
  const accountInbox = account.email.toLowerCase();
  const byAddressTo = new Map<string, number[]>();
  for (const row of rows) {
    const numbers = row.subject.match(ORDER_NUMBER) ?? [];
    const ownOrder = numbers.find((number) => orderNumbers.has(number));
    const reference = [...who.references].find((each) => row.subject.includes(each));
    let to: string | undefined;
    if (ownOrder) to = erasedAddress(ownOrder);
    else if (numbers.length > 0) to = undefined;
    else if (reference) to = erasedAddress(reference);
    else if (account.emailVerified && row.toAddress.toLowerCase() === accountInbox) {
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
        // The template's data holds the names and addresses the mail was drawn from.
        template: null,
        data: null,
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
  who.counts.mails = count;
}

export const mailPersonalData: PersonalDataPart = {
  tables: [mailOutbox],
  eraseCustomer: eraseMail,
};
