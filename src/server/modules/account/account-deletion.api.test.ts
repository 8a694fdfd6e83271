import { and, desc, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../../shared/contracts/account.ts";
import {
  ACCOUNT_DELETION_API,
  ERASED_NAME,
  ACCOUNT_DELETION_MESSAGES as WORDS,
} from "../../../shared/contracts/account-deletion.ts";
import { BULK_PIPELINE_API } from "../../../shared/contracts/bulk-pipeline.ts";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import type { CheckoutSession } from "../../../shared/contracts/payments.ts";
import { SALES_API } from "../../../shared/contracts/sales.ts";
import { SAVED_ADDRESSES_PATH } from "../../../shared/contracts/saved-addresses.ts";
import { fill } from "../../../shared/i18n/fill.ts";
import { gstRecordKeptUntil } from "../../../shared/rules/gst-record-keeping.ts";
import { ORDER_FALLBACKS } from "../../../shared/rules/order-facts.ts";
import { rowsOf } from "../../db/client.ts";
import {
  accounts,
  bulkOrders,
  cartItems,
  creditNotes,
  customerAddresses,
  feedback,
  mailOutbox,
  orders,
  sessions,
  supportMessages,
  supportTickets,
  users,
  verifications,
} from "../../db/schema/index.ts";
import { requesterCalls, validRequest } from "../../testing/bulk-orders.ts";
import { cookieOf, freshMobile, shopperCalls, signUpCustomer } from "../../testing/customers.ts";
import { asStaff, testProduct } from "../../testing/inventory.ts";
import { drawnMails } from "../../testing/outbox-mail.ts";
import { payInCheckout, reportPayment } from "../../testing/payments.ts";
import { salesManager } from "../../testing/sales.ts";
import { signInStaff } from "../../testing/staff.ts";
import {
  checkStoreInvariants,
  describeReport,
  type LoadRecord,
  takeBaseline,
} from "../../testing/store-invariants.ts";
import { asRelations, TICKETS } from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { eraseExpiredRecipients } from "./account-deletion.ts";

const PASSWORD = "green mangoes ripen";
const DELIVERY = {
  address: "12 Janpath",
  city: "Bhubaneswar",
  state: "Odisha",
  pincode: "751007",
} as const;

let keys = 0;

describe.each(testDatabaseKinds)("deleting one's own account on %s", (kind) => {
  const ctx = useTestApp(kind);
  const db = () => ctx.database.db;

  const call = shopperCalls(ctx);
  const deleteAccount = (cookie: string | undefined, body: unknown) =>
    call("POST", ACCOUNT_DELETION_API.delete, cookie, body);
  const askForCode = (cookie?: string) => call("POST", ACCOUNT_DELETION_API.code, cookie, {});
  const signIn = async (email: string, password = PASSWORD) => {
    const response = await call("POST", "/api/auth/sign-in/email", undefined, { email, password });
    return {
      status: response.statusCode,
      cookie: cookieOf(response.headers["set-cookie"], "fhh.session_token"),
    };
  };
  const signedInAs = async (cookie: string) =>
    (await call("GET", "/api/auth/get-session", cookie)).json()?.user?.email as string | undefined;
  const userRow = async (id: string) =>
    (await db().select().from(users).where(eq(users.id, id)))[0];

  /** The newest code mailed to an address under a subject, as its owner reads it. */
  async function mailedCode(email: string, subject: string) {
    const [mail] = await drawnMails(
      db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, `%${subject}%`)))
        .orderBy(desc(mailOutbox.id))
        .limit(1),
    );
    return mail && /\b(\d{6})\b/.exec(mail.textBody)![1]!;
  }
  const deletionCode = (email: string) => mailedCode(email, "delete your");

  async function verifyEmail(email: string) {
    const otp = await mailedCode(email, "verification code");
    const verified = await call("POST", "/api/auth/email-otp/verify-email", undefined, {
      email,
      otp,
    });
    expect(verified.statusCode, verified.body).toBe(200);
  }

  function orderRequest(
    email: string,
    items: PlaceOrderInput["items"],
    options: {
      cookie?: string;
      notes?: string;
      method?: PlaceOrderInput["payment"]["method"];
    } = {},
  ) {
    const key = `deletion-${process.pid}-${++keys}`;
    const payload: PlaceOrderInput = {
      contact: { firstName: "Ravi", lastName: "Sahu", email, phone: freshMobile() },
      delivery: DELIVERY,
      notes: options.notes ?? "",
      payment: { method: options.method ?? "cash" },
      items,
    };
    return { key, payload, cookie: options.cookie };
  }
  async function placeOrder(request: ReturnType<typeof orderRequest>) {
    const response = await call("POST", "/api/orders", request.cookie, request.payload, {
      "idempotency-key": request.key,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as {
      orderNumber: string;
      totalPaise: number;
      checkout?: CheckoutSession;
    };
  }

  it("turns guests away before their body is read, and asks for exactly one proof", async () => {
    for (const refused of [
      await deleteAccount(undefined, { password: PASSWORD }),
      await deleteAccount(undefined, { nonsense: true }),
      await askForCode(),
    ]) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(ACCOUNT_MESSAGES.signInFirst);
    }
    const { cookie, userId } = await signUpCustomer(ctx.app);
    const none = await deleteAccount(cookie, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(WORDS.passwordRequired);
    const both = await deleteAccount(cookie, { password: PASSWORD, code: "123456" });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain(WORDS.oneProof);
    // The body names no account: the session's is the only one this route deletes.
    const named = await deleteAccount(cookie, { password: PASSWORD, userId: "someone-else" });
    expect(named.statusCode).toBe(400);
    expect(await userRow(userId)).toBeDefined();
  });

  it("refuses a wrong password and erases nothing", async () => {
    const { cookie, email, userId } = await signUpCustomer(ctx.app, "Meera Nayak");
    const wrong = await deleteAccount(cookie, { password: "not my password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: WORDS.wrongPassword, field: "password" });
    expect(wrong.headers["set-cookie"]).toBeUndefined();
    expect((await userRow(userId))?.name).toBe("Meera Nayak");
    expect(await signedInAs(cookie)).toBe(email);
    expect((await signIn(email)).status).toBe(200);
  });

  it("deletes only the account of the session that asks; another account's code confirms nothing", async () => {
    const victim = await signUpCustomer(ctx.app, "Asha Das");
    await call("POST", SAVED_ADDRESSES_PATH, victim.cookie, { label: "Home", ...DELIVERY });
    const attacker = await signUpCustomer(ctx.app, "Someone Else");
    const other = await signUpCustomer(ctx.app, "Third Person");
    // A code mailed to the victim confirms nothing for another account.
    expect((await askForCode(victim.cookie)).statusCode).toBe(204);
    const victimsCode = await deletionCode(victim.email);
    const withVictimsCode = await deleteAccount(attacker.cookie, { code: victimsCode });
    expect(withVictimsCode.statusCode).toBe(400);
    expect(withVictimsCode.json().message).toBe(WORDS.wrongCode);

    const deleted = await deleteAccount(attacker.cookie, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await userRow(attacker.userId)).toBeUndefined();
    for (const kept of [victim, other]) {
      expect(await userRow(kept.userId)).toBeDefined();
      expect(await signedInAs(kept.cookie)).toBe(kept.email);
      expect((await signIn(kept.email)).status).toBe(200);
    }
    const addresses = await db()
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, victim.userId));
    expect(addresses).toHaveLength(1);
    // The victim's code is still theirs to use.
    expect((await deleteAccount(victim.cookie, { code: victimsCode })).statusCode).toBe(204);
  });

  it("waits for an open order, even one awaiting payment, without using up the code", async () => {
    const { cookie, email, userId } = await signUpCustomer(ctx.app);
    const cash = await placeOrder(
      orderRequest(email, [{ productId: "tomatoes", quantity: 1_000 }], { cookie }),
    );
    const refused = await deleteAccount(cookie, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(fill(WORDS.openOrder, { orderNumber: cash.orderNumber }));

    const sales = await salesManager(ctx.app);
    await sales.bringTo(cash.orderNumber, "delivered");
    const unpaid = await placeOrder(
      orderRequest(email, [{ productId: "tomatoes", quantity: 1_000 }], { cookie, method: "card" }),
    );
    expect((await askForCode(cookie)).statusCode).toBe(204);
    const code = await deletionCode(email);
    const waiting = await deleteAccount(cookie, { code });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toBe(fill(WORDS.openOrder, { orderNumber: unpaid.orderNumber }));
    expect(await userRow(userId)).toBeDefined();

    // Its hold runs out: the store cancels it.
    await ctx.app.unpaidOrders.runOnce(new Date(Date.now() + 24 * 60 * 60 * 1000));
    const deleted = await deleteAccount(cookie, { code });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await userRow(userId)).toBeUndefined();
  });

  it("waits for an open bulk request, then erases it", async () => {
    const { cookie, email, userId } = await signUpCustomer(ctx.app);
    const bulk = requesterCalls(ctx);
    const { ticketId } = await bulk.submitted({ email }, { cookie });
    const refused = await deleteAccount(cookie, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(fill(WORDS.openBulkOrder, { ticketId: ticketId }));

    const relations = asStaff(ctx.app, await signInStaff(ctx.app, "customer-relations"));
    const url = `${BULK_PIPELINE_API}/${ticketId}`;
    const { version } = (await relations({ method: "GET", url })).json();
    const cancelled = await relations({
      method: "POST",
      url: `${url}/cancel`,
      payload: { version, reason: "Planner changed venue" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await deleteAccount(cookie, { password: PASSWORD })).statusCode).toBe(204);
    expect(await userRow(userId)).toBeUndefined();
    const [row] = await db().select().from(bulkOrders).where(eq(bulkOrders.ticketId, ticketId));
    expect(row).toMatchObject({
      name: ERASED_NAME,
      email: `erased-${ticketId}@invalid`,
      phone: "",
      location: "",
      products: WORDS.erasedText,
      customerId: null,
      browserKeyHash: "",
      status: "cancelled",
      cancelReason: "Planner changed venue",
    });
    const valid = validRequest();
    expect(JSON.stringify(row)).not.toContain(valid.phone);
  });

  it("confirms with an emailed code: stored hashed, counted, used up after five wrong ones, expiring", async () => {
    const a = await signUpCustomer(ctx.app);
    expect((await askForCode(a.cookie)).statusCode).toBe(204);
    const again = await askForCode(a.cookie);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(new RegExp(`^${WORDS.tooManyCodes}`));
    const code = await deletionCode(a.email);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await db()
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `delete-account:${a.userId}`));
    expect(stored!.value).not.toContain(code);

    const wrong = code === "000000" ? "111111" : "000000";
    for (let guess = 1; guess <= 4; guess++) {
      const refused = await deleteAccount(a.cookie, { code: wrong });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: WORDS.wrongCode, field: "code" });
    }
    const fifth = await deleteAccount(a.cookie, { code: wrong });
    expect(fifth.json().message).toBe(WORDS.codeUsedUp);
    const late = await deleteAccount(a.cookie, { code });
    expect(late.statusCode).toBe(400);
    expect(await userRow(a.userId)).toBeDefined();

    const b = await signUpCustomer(ctx.app);
    expect((await askForCode(b.cookie)).statusCode).toBe(204);
    const expired = await deletionCode(b.email);
    await db()
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `delete-account:${b.userId}`));
    expect((await deleteAccount(b.cookie, { code: expired })).statusCode).toBe(400);
    expect(await userRow(b.userId)).toBeDefined();
  });

  it("lets one of two deletions with the same code through, and the code never works again", async () => {
    const { cookie, email, userId } = await signUpCustomer(ctx.app);
    const phone = await signIn(email);
    expect((await askForCode(cookie)).statusCode).toBe(204);
    const code = await deletionCode(email);
    const answers = await Promise.all([
      deleteAccount(cookie, { code }),
      deleteAccount(phone.cookie!, { code }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    // The other waited for the first and found the account gone (or its code taken).
    expect([400, 401]).toContain(statuses.find((status) => status !== 204));
    expect(await userRow(userId)).toBeUndefined();
    // Replayed from either device: nobody is signed in any more, and nothing is left to delete.
    for (const session of [cookie, phone.cookie!]) {
      expect((await deleteAccount(session, { code })).statusCode).toBe(401);
    }
    const sent = await drawnMails(
      db().select().from(mailOutbox).where(like(mailOutbox.subject, "%account is deleted%")),
    );
    expect(sent.filter((mail) => mail.toAddress === email)).toHaveLength(1);
  });

  it("erases the person everywhere, keeps every invoice whole, ends every session and says so by email", async () => {
    const big = `deletion-big-${process.pid}`;
    await testProduct(ctx, big, 50);
    // ₹2,000 a unit: 30 of them make an invoice GST law keeps the recipient of.
    await db().execute(sql`update products set price_paise = 200000 where id = ${big}`);
    const baseline = await takeBaseline(ctx.database);
    const record: LoadRecord = { baseline, acknowledged: [], captured: [], staffCancelled: [] };
    const place = async (request: ReturnType<typeof orderRequest>) => {
      const placed = await placeOrder(request);
      record.acknowledged.push({ orderNumber: placed.orderNumber, key: request.key });
      return placed;
    };

    const { cookie, email, userId } = await signUpCustomer(ctx.app, "Ravi Sahu");
    await verifyEmail(email);
    const phone = await signIn(email);
    expect(
      (await call("POST", SAVED_ADDRESSES_PATH, cookie, { label: "Home", ...DELIVERY })).statusCode,
    ).toBeLessThan(300);
    expect(
      (
        await call("PUT", "/api/cart", cookie, {
          items: [{ productId: "tomatoes", quantity: 2_000 }],
        })
      ).statusCode,
    ).toBe(200);
    const small = await place(
      orderRequest(email, [{ productId: "tomatoes", quantity: 2_000 }], {
        cookie,
        notes: "Ring twice, ask for Ravi",
      }),
    );
    // Paid online: an order this large is over what cash on delivery takes.
    const large = await place(
      orderRequest(email, [{ productId: big, quantity: 30 }], { cookie, method: "card" }),
    );
    const proof = await payInCheckout(ctx.app, large.checkout!);
    const paid = await reportPayment(
      ctx.app,
      `/api/orders/${large.orderNumber}/payment`,
      proof,
      cookie,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    record.captured.push({
      orderNumber: large.orderNumber,
      providerOrderId: proof.providerOrderId,
      paymentId: proof.paymentId,
      accepted: true,
    });
    const credited = await place(
      orderRequest(email, [{ productId: "onions", quantity: 1_000 }], { cookie }),
    );
    // Someone whose address ends with this one's: their sign-up code is theirs, and stays.
    const neighbour = `x${email}`;
    const neighbourSignUp = await call("POST", "/api/auth/sign-up/email", undefined, {
      name: "Neighbour",
      email: neighbour,
      password: PASSWORD,
    });
    expect(neighbourSignUp.statusCode, neighbourSignUp.body).toBe(200);
    // Placed with the same address without signing in: not the account's, and it stays.
    const guest = await place(orderRequest(email, [{ productId: "tomatoes", quantity: 1_000 }]));
    const sales = await salesManager(ctx.app);
    for (const order of [small, large, guest]) await sales.bringTo(order.orderNumber, "delivered");
    await sales.bringTo(credited.orderNumber, "out_for_delivery");
    const cancel = await sales.cancel(credited.orderNumber, "customer_request");
    expect(cancel.statusCode, cancel.body).toBe(200);
    record.staffCancelled!.push(credited.orderNumber);
    const rated = await call("POST", `/api/orders/${small.orderNumber}/rating`, cookie, {
      rating: 2,
    });
    expect(rated.statusCode, rated.body).toBeLessThan(300);

    const ticket = await call("POST", "/api/support/tickets", cookie, {
      name: "Ravi Sahu",
      email,
      phone: "98765 43210",
      queryType: "order_status",
      message: "Where is my order? I am Ravi at 12 Janpath.",
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const reference = ticket.json().reference as string;
    const relations = await asRelations(ctx);
    const { version } = (await relations({ method: "GET", url: `${TICKETS}/${reference}` })).json();
    const replied = await relations({
      method: "POST",
      url: `${TICKETS}/${reference}/replies`,
      payload: { body: "Hi Ravi, your basket is on its way to 12 Janpath.", version },
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const sent = await call("POST", "/api/feedback", undefined, {
      name: "Ravi Sahu",
      email,
      message: "Lovely mangoes, Ravi from Janpath",
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const documents = async () => {
      const staff = asStaff(ctx.app, await signInStaff(ctx.app, "sales"));
      const read = async (url: string) => {
        const response = await staff({ method: "GET", url });
        expect(response.statusCode, response.body).toBe(200);
        return response.body;
      };
      const [note] = await db()
        .select()
        .from(creditNotes)
        .where(eq(creditNotes.invoiceNumber, await invoiceNumberOf(credited.orderNumber)));
      return {
        small: await read(`${SALES_API}/orders/${small.orderNumber}/invoice`),
        large: await read(`${SALES_API}/orders/${large.orderNumber}/invoice`),
        credited: await read(`${SALES_API}/orders/${credited.orderNumber}/invoice`),
        creditNote: await read(
          `${SALES_API}/orders/${credited.orderNumber}/credit-notes/${note!.number.replaceAll("/", "-")}`,
        ),
      };
    };
    const invoiceNumberOf = async (orderNumber: string) =>
      (await db().select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!
        .invoiceNumber!;
    const before = await documents();
    // Until housekeeping's next pass, a delivered cash order still knows the network it came from.
    const [network] = await db()
      .select({ key: orders.networkKey })
      .from(orders)
      .where(eq(orders.orderNumber, small.orderNumber));
    expect(network?.key).toMatch(/^10\./);
    expect(before.small).toContain("Ravi Sahu");

    const deleted = await deleteAccount(cookie, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const cleared = [deleted.headers["set-cookie"] ?? []].flat();
    for (const name of ["fhh.session_token", "fhh_browser"]) {
      expect(cleared.find((header) => header.startsWith(`${name}=;`))).toMatch(
        /Max-Age=0|Expires=Thu, 01 Jan 1970/,
      );
    }

    // The account and what hangs off it are gone; nobody is signed in with it anywhere.
    expect(await userRow(userId)).toBeUndefined();
    for (const table of [sessions, accounts]) {
      expect(await db().select().from(table).where(eq(table.userId, userId))).toEqual([]);
    }
    expect(
      await db().select().from(customerAddresses).where(eq(customerAddresses.customerId, userId)),
    ).toEqual([]);
    expect(await db().select().from(cartItems).where(eq(cartItems.customerId, userId))).toEqual([]);
    const codes = rowsOf(
      await db().execute(
        sql`select identifier from verifications where identifier like ${`%${userId}%`} or lower(identifier) like ${`%${email}%`}`,
      ),
    );
    expect(codes).toEqual([{ identifier: `email-verification-otp-${neighbour}` }]);
    expect(await signedInAs(cookie)).toBeUndefined();
    expect(await signedInAs(phone.cookie!)).toBeUndefined();
    expect((await signIn(email)).status).toBe(401);

    // Orders lose the person; an invoice of ₹50,000 or more keeps its recipient, for a time.
    const orderOf = async (orderNumber: string) =>
      (await db().select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;
    for (const order of [small, credited]) {
      expect(await orderOf(order.orderNumber)).toMatchObject({
        customerId: null,
        firstName: WORDS.erasedFirstName,
        lastName: WORDS.erasedLastName,
        email: `erased-${order.orderNumber}@invalid`,
        phone: "",
        address: "",
        city: DELIVERY.city,
        state: DELIVERY.state,
        pincode: DELIVERY.pincode,
        notes: "",
        browserKeyHash: "",
        networkKey: null,
        recipientKeptUntil: null,
      });
    }
    expect((await orderOf(small.orderNumber)).rating).toBe(2);
    const kept = await orderOf(large.orderNumber);
    expect(kept).toMatchObject({
      customerId: null,
      firstName: "Ravi",
      lastName: "Sahu",
      address: DELIVERY.address,
      email: `erased-${large.orderNumber}@invalid`,
      phone: "",
      recipientKeptUntil: gstRecordKeptUntil(kept.invoicedAt!),
    });
    expect(await orderOf(guest.orderNumber)).toMatchObject({
      firstName: "Ravi",
      email,
      address: DELIVERY.address,
    });

    // The GST documents render as before: numbers, lines and totals; only the buyer is gone.
    const after = await documents();
    const withoutBuyer = (html: string) =>
      html
        .replace(/<section class="parties">[\s\S]*?<\/section>/, "")
        .replace(/<div><h2>Delivery notes<\/h2>[\s\S]*?<\/div>/, "");
    for (const name of ["small", "large", "credited", "creditNote"] as const) {
      expect(withoutBuyer(after[name])).toBe(withoutBuyer(before[name]));
    }
    for (const html of [after.small, after.credited, after.creditNote]) {
      expect(html).not.toMatch(/Ravi|Janpath|98765|Ring twice/);
      expect(html).not.toContain(email);
    }
    // The stand-in address is not printed: the documents say no email was given.
    for (const html of Object.values(after)) {
      expect(html).not.toContain("@invalid");
      expect(html).toContain(ORDER_FALLBACKS.email);
    }
    expect(after.small).toContain(ERASED_NAME);
    expect(after.large).toContain("Ravi Sahu");
    expect(after.large).toContain(DELIVERY.address);
    expect(after.large).not.toContain(email);

    // Support: the thread's words and the person go; the ticket, its times and status stay.
    const [erasedTicket] = await db()
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.reference, reference));
    expect(erasedTicket).toMatchObject({
      name: ERASED_NAME,
      email: `erased-${reference}@invalid`,
      phone: "",
      message: WORDS.erasedText,
      customerId: null,
    });
    expect(erasedTicket!.firstReplyAt).not.toBeNull();
    const thread = await db()
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, erasedTicket!.id));
    expect(thread.length).toBeGreaterThan(0);
    expect(thread.every((entry) => entry.body === WORDS.erasedText)).toBe(true);
    const notes = await db()
      .select()
      .from(feedback)
      .where(like(feedback.message, "%Ravi from Janpath%"));
    expect(notes).toEqual([]);

    // Mail: every copy to the old address is blanked, except the guest order's; the last one is queued.
    const toAddress = await drawnMails(
      db()
        .select()
        .from(mailOutbox)
        .where(sql`lower(${mailOutbox.toAddress}) = ${email.toLowerCase()}`),
    );
    const confirmation = toAddress.filter((mail) => /account is deleted/.test(mail.subject));
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]).toMatchObject({ status: "pending" });
    expect(confirmation[0]!.textBody).toContain("Hi Ravi,");
    const others = toAddress.filter((mail) => mail !== confirmation[0]);
    expect(others.length).toBeGreaterThan(0);
    for (const mail of others) expect(mail.subject).toContain(guest.orderNumber);
    const erasedMail = await drawnMails(
      db().select().from(mailOutbox).where(like(mailOutbox.toAddress, "erased-%@invalid")),
    );
    const ours = erasedMail.filter(
      (mail) =>
        [small, large, credited].some((order) => mail.toAddress.includes(order.orderNumber)) ||
        mail.toAddress.includes(reference),
    );
    expect(ours.length).toBeGreaterThan(0);
    for (const mail of ours) {
      expect(mail.textBody).toBe(WORDS.erasedText);
      // The template's data held the names and addresses the mail was drawn from.
      expect(mail).toMatchObject({ template: null, data: null });
      expect(mail.attachments).toEqual([]);
      expect(mail.status).not.toBe("pending");
    }

    // The store still adds up: stock, ledger, payments, refunds, and each order's mails to its address.
    const report = await checkStoreInvariants(ctx.database, record);
    expect(report.pass, describeReport(report)).toBe(true);

    // Housekeeping lets the kept recipient go the day after GST law stops keeping it.
    const until = kept.recipientKeptUntil!;
    expect((await ctx.app.housekeeping.runOnce()).erasedRecipients).toBe(0);
    await eraseExpiredRecipients(db(), until, 1000);
    expect(await orderOf(large.orderNumber)).toMatchObject({ firstName: "Ravi" });
    const dayAfter = new Date(Date.parse(`${until}T12:00:00Z`) + 24 * 60 * 60 * 1000);
    expect(await eraseExpiredRecipients(db(), dayAfter.toISOString().slice(0, 10), 1000)).toBe(1);
    expect(await orderOf(large.orderNumber)).toMatchObject({
      firstName: WORDS.erasedFirstName,
      lastName: WORDS.erasedLastName,
      address: "",
      city: DELIVERY.city,
      recipientKeptUntil: null,
    });
  });
});
