// What bench:checkout checks in the database after the server has stopped, against every answer
// the buyers got (the ledger): stock conserved and never negative, the scarce product not
// oversold, every acknowledged order there as acknowledged and no other, replays answered alike,
// payments recorded once, one confirmation email per placed order, every idempotency key done.
import { sql } from "drizzle-orm";
import type { Ledger } from "./ledger.ts";
import { type Catalogue, SCARCE_STOCK } from "./load-model.ts";
import { type Prepared, rows } from "./store-database.ts";

export type Check = { name: string; pass: boolean; detail: string };

const ORDER_NUMBER = /FHH-\d{6}/;

export async function checkInvariants(
  prepared: Prepared,
  catalogue: Catalogue,
  ledger: Ledger,
): Promise<{ checks: Check[]; facts: Record<string, number> }> {
  const database = await prepared.open();
  try {
    const { db } = database;
    const stock = await rows<{ id: string; stock: number }>(
      db,
      sql`select id, stock from products`,
    );
    // Sold: the lines of every order not cancelled; an order awaiting its payment holds stock.
    const sold = await rows<{ product_id: string; sold: number }>(
      db,
      sql`select l.product_id, sum(l.quantity)::int as sold
          from order_lines l join orders o on o.id = l.order_id
          where o.status <> 'cancelled' group by l.product_id`,
    );
    const orders = await rows<{
      id: number;
      order_number: string;
      total_paise: number;
      status: string;
      payment_status: string;
      payment_method: string;
    }>(
      db,
      sql`select id, order_number, total_paise, status, payment_status, payment_method from orders`,
    );
    const duplicates = await rows<{ order_number: string; n: number }>(
      db,
      sql`select order_number, count(*)::int as n from orders group by order_number having count(*) > 1`,
    );
    const lines = await rows<{ order_id: number; product_id: string; quantity: number }>(
      db,
      sql`select order_id, product_id, quantity from order_lines`,
    );
    const payments = await rows<{
      order_id: number | null;
      idempotency_key: string | null;
      status: string;
      transaction_id: string | null;
      provider_order_id: string | null;
      failure_reason: string | null;
    }>(
      db,
      sql`select order_id, idempotency_key, status, transaction_id, provider_order_id, failure_reason
          from payments`,
    );
    const refunds = await rows<{ reference: string; reason: string }>(
      db,
      sql`select reference, reason from refunds`,
    );
    const keys = await rows<{ key: string; state: string; response_status: number | null }>(
      db,
      sql`select key, state, response_status from idempotency_keys where scope = 'checkout'`,
    );
    const mail = await rows<{ subject: string; status: string }>(
      db,
      sql`select subject, status from mail_outbox`,
    );

    const checks: Check[] = [];
    const add = (name: string, problems: string[], okDetail: string) =>
      checks.push({
        name,
        pass: problems.length === 0,
        detail:
          problems.length === 0
            ? okDetail
            : `${problems.length} problem(s): ${problems.slice(0, 5).join("; ")}`,
      });

    // 1. Stock is conserved: what is left plus what orders hold is what there was.
    const stockById = new Map(stock.map((row) => [row.id, Number(row.stock)]));
    const soldById = new Map(sold.map((row) => [row.product_id, Number(row.sold)]));
    const conservation: string[] = [];
    for (const [id, initial] of catalogue.initialStock) {
      const left = stockById.get(id) ?? Number.NaN;
      const gone = soldById.get(id) ?? 0;
      if (left + gone !== initial)
        conservation.push(`${id}: ${left} left + ${gone} sold ≠ ${initial}`);
    }
    for (const id of soldById.keys())
      if (!catalogue.initialStock.has(id)) conservation.push(`${id}: sold but not in catalogue`);
    const totalSold = [...soldById.values()].reduce((sum, value) => sum + value, 0);
    const orderById = new Map(orders.map((row) => [Number(row.id), row]));
    const heldUnits = lines
      .filter((line) => orderById.get(Number(line.order_id))?.status === "awaiting_payment")
      .reduce((sum, line) => sum + Number(line.quantity), 0);
    add(
      "stock + sold (lines of orders not cancelled, awaiting ones included) = initial stock, for every product",
      conservation,
      `${catalogue.initialStock.size} products, ${totalSold} grams or units sold, ${heldUnits} of them held by orders awaiting payment`,
    );

    // 2. Never negative.
    const negative = stock.filter((row) => Number(row.stock) < 0);
    add(
      "stock never negative",
      negative.map((row) => `${row.id}: ${row.stock}`),
      `lowest stock ${Math.min(...stock.map((row) => Number(row.stock)))}`,
    );

    // 3. The scarce product: sold at most what there was, and under this demand, all of it.
    const scarceSold = soldById.get(catalogue.scarce) ?? 0;
    const scarceLeft = stockById.get(catalogue.scarce) ?? Number.NaN;
    const scarceStock = catalogue.initialStock.get(catalogue.scarce) ?? SCARCE_STOCK;
    add(
      `scarce product ${catalogue.scarce} not oversold`,
      scarceSold > scarceStock ? [`sold ${scarceSold} of ${scarceStock}`] : [],
      `${scarceSold} of ${scarceStock} sold, ${scarceLeft} left`,
    );

    // 4. Order numbers are unique, in the table and in what the buyers were told.
    add(
      "no duplicate order numbers",
      [
        ...duplicates.map((row) => `${row.order_number} × ${row.n} in orders`),
        ...ledger.duplicateAcknowledgements.map((number) => `${number} acknowledged twice`),
      ],
      `${orders.length} orders, all numbers distinct`,
    );

    // 5. Every acknowledged order is there, with the acknowledged total and the asked-for lines,
    //    its key's payment, and (online) the provider order of its checkout.
    const orderByNumber = new Map(orders.map((row) => [row.order_number, row]));
    const linesByOrder = new Map<number, Map<string, number>>();
    for (const line of lines) {
      const map = linesByOrder.get(line.order_id) ?? new Map<string, number>();
      map.set(line.product_id, (map.get(line.product_id) ?? 0) + Number(line.quantity));
      linesByOrder.set(line.order_id, map);
    }
    const orderIdsByKey = new Map<string, Set<number>>();
    const paymentsByOrder = new Map<number, (typeof payments)[number][]>();
    for (const payment of payments) {
      if (payment.order_id !== null) {
        const id = Number(payment.order_id);
        paymentsByOrder.set(id, [...(paymentsByOrder.get(id) ?? []), payment]);
      }
      if (!payment.idempotency_key || payment.order_id === null) continue;
      const ids = orderIdsByKey.get(payment.idempotency_key) ?? new Set<number>();
      ids.add(Number(payment.order_id));
      orderIdsByKey.set(payment.idempotency_key, ids);
    }
    const missing: string[] = [];
    for (const [key, ack] of ledger.acknowledged) {
      const order = orderByNumber.get(ack.orderNumber);
      if (!order) {
        missing.push(`${ack.orderNumber} not in orders`);
        continue;
      }
      if (Number(order.total_paise) !== ack.totalPaise)
        missing.push(
          `${ack.orderNumber}: total ${order.total_paise} ≠ acknowledged ${ack.totalPaise}`,
        );
      const ids = orderIdsByKey.get(key);
      if (ids?.size !== 1 || !ids.has(Number(order.id)))
        missing.push(
          `${ack.orderNumber}: its key's payment points at ${[...(ids ?? [])].join(",") || "no order"}`,
        );
      const providerOrders = (paymentsByOrder.get(Number(order.id)) ?? [])
        .map((payment) => payment.provider_order_id)
        .filter((id) => id !== null);
      if (ack.payment !== "cash" && !providerOrders.includes(ack.providerOrderId ?? ""))
        missing.push(
          `${ack.orderNumber}: provider order ${ack.providerOrderId} not among its payments (${providerOrders.join(",") || "none"})`,
        );
      const got = linesByOrder.get(Number(order.id)) ?? new Map<string, number>();
      const asked = new Map(ack.items.map((item) => [item.productId, item.quantity]));
      const same =
        got.size === asked.size && [...asked].every(([id, quantity]) => got.get(id) === quantity);
      if (!same) missing.push(`${ack.orderNumber}: lines differ from the request`);
    }
    add(
      "every 201 orderNumber is in orders, with the acknowledged total, lines and provider order",
      missing,
      `${ledger.acknowledged.size} acknowledged orders found`,
    );

    // 6. And nothing else is: no order that no buyer was told about.
    const acknowledgedNumbers = new Set(
      [...ledger.acknowledged.values()].map((a) => a.orderNumber),
    );
    const unacknowledged = orders.filter((row) => !acknowledgedNumbers.has(row.order_number));
    add(
      "no order without a 201 (no double orders from replays)",
      unacknowledged.map((row) => `${row.order_number} never acknowledged`),
      `${orders.length} orders = ${acknowledgedNumbers.size} acknowledged`,
    );

    // 7. Replays gave the first answer again: the same order and, online, the same provider order.
    const badReplays = ledger.replays.filter((replay) => !replay.same);
    add(
      "idempotent replays returned the same answer (same orderNumber, same providerOrderId online)",
      badReplays.map((replay) => replay.detail),
      `${ledger.replays.length} replays, ${ledger.replays.filter((r) => r.status === 201).length} of placed orders`,
    );

    // 8. Cash orders are placed, their payment pending, as before.
    const cashProblems: string[] = [];
    let cashOrders = 0;
    for (const ack of ledger.acknowledged.values()) {
      if (ack.payment !== "cash") continue;
      cashOrders++;
      const order = orderByNumber.get(ack.orderNumber);
      if (!order) continue;
      if (
        order.status !== "placed" ||
        order.payment_method !== "cash" ||
        order.payment_status !== "pending"
      )
        cashProblems.push(
          `${ack.orderNumber}: ${order.status}/${order.payment_method}/${order.payment_status}`,
        );
    }
    add("cash orders are placed, cash, payment pending", cashProblems, `${cashOrders} cash orders`);

    // 9. Every order whose payment report answered 200 (or 202, then read as paid) is placed and
    //    paid, its payment paid with the provider's payment id.
    const paidProblems: string[] = [];
    const paidAfter202 = [...ledger.paid.values()].filter((paid) => paid.via === "202").length;
    for (const [orderNumber, { paymentId, providerOrderId }] of ledger.paid) {
      const order = orderByNumber.get(orderNumber);
      if (!order) {
        paidProblems.push(`${orderNumber} not in orders`);
        continue;
      }
      if (order.status !== "placed" || order.payment_status !== "paid")
        paidProblems.push(`${orderNumber}: ${order.status}/${order.payment_status}`);
      const paidRows = (paymentsByOrder.get(Number(order.id)) ?? []).filter(
        (row) => row.status === "paid",
      );
      if (
        paidRows.length !== 1 ||
        paidRows[0]!.transaction_id !== paymentId ||
        paidRows[0]!.provider_order_id !== providerOrderId
      )
        paidProblems.push(
          `${orderNumber}: paid payments ${paidRows.map((row) => `${row.transaction_id}@${row.provider_order_id}`).join(",") || "none"}, expected ${paymentId}@${providerOrderId}`,
        );
    }
    add(
      "every order whose payment report answered 200 is placed + paid, its payment paid with the provider's payment id",
      paidProblems,
      `${ledger.paid.size} orders paid online${paidAfter202 ? ` (${paidAfter202} of them answered 202 and were read as paid once the webhook had come)` : ""}`,
    );

    // 10. Every declined one still awaits its payment (holding its stock), with nothing paid.
    const declinedProblems: string[] = [];
    let withReason = 0;
    for (const orderNumber of ledger.declined) {
      const order = orderByNumber.get(orderNumber);
      if (!order) {
        declinedProblems.push(`${orderNumber} not in orders`);
        continue;
      }
      if (order.status !== "awaiting_payment" || order.payment_status !== "pending")
        declinedProblems.push(`${orderNumber}: ${order.status}/${order.payment_status}`);
      const rowsOfOrder = paymentsByOrder.get(Number(order.id)) ?? [];
      if (rowsOfOrder.some((row) => row.status !== "pending"))
        declinedProblems.push(
          `${orderNumber}: payments ${rowsOfOrder.map((row) => row.status).join(",")}`,
        );
      if (rowsOfOrder.some((row) => row.failure_reason)) withReason++;
    }
    add(
      "every order declined at the provider is still awaiting_payment, with no paid payment",
      declinedProblems,
      `${ledger.declined.length} declined and left awaiting payment (${withReason} with the provider's reason recorded from its payment.failed webhook)`,
    );

    // 11. The flow went as each instrument says: approved → reported → 200; declined → 402.
    const online = [...ledger.acknowledged.values()].filter((ack) => ack.payment !== "cash");
    add(
      "every answer was one the flow expects (cash: 201 placed; online: 201 awaiting_payment with its checkout, then approved → verify 200 placed/paid (or 202, then read as paid), declined → 402 at the provider; no other 4xx)",
      ledger.flowSurprises,
      `${online.length} online orders: ${ledger.paid.size} paid, ${ledger.declined.length} declined`,
    );

    // 12. No order paid twice: the browser's report and the provider's webhook both report every
    //     payment (and some reports were sent twice); one paid payment, nothing refunded.
    const paidTwice = [...paymentsByOrder]
      .filter(([, list]) => list.filter((row) => row.status === "paid").length > 1)
      .map(([id]) => `${orderById.get(id)?.order_number ?? id} has several paid payments`);
    const refundedRows = payments.filter((row) => row.status === "refunded");
    const badVerifyReplays = ledger.verifyReplays.filter((replay) => !replay.same);
    const paidOnlyByWebhook = orders.filter(
      (row) => row.payment_status === "paid" && !ledger.paid.has(row.order_number),
    ).length;
    add(
      "no order is paid twice (one paid payment per order; no refund owed; a payment reported again answers 200, changing nothing)",
      [
        ...paidTwice,
        ...refundedRows.map((row) => `refunded payment ${row.transaction_id}`),
        ...refunds.map((row) => `refund ${row.reference}: ${row.reason}`),
        ...badVerifyReplays.map((replay) => replay.detail),
      ],
      `${payments.filter((row) => row.status === "paid").length} paid payments, ${refunds.length} refunds, ${ledger.verifyReplays.length} reports sent twice${paidOnlyByWebhook ? `, ${paidOnlyByWebhook} paid by the webhook alone` : ""}`,
    );

    // 13. Every placed order (cash, or paid) has its one confirmation email; none awaiting has.
    const mailsByNumber = new Map<string, number>();
    const strayMail: string[] = [];
    for (const row of mail) {
      const number = ORDER_NUMBER.exec(row.subject)?.[0];
      if (number) mailsByNumber.set(number, (mailsByNumber.get(number) ?? 0) + 1);
      else strayMail.push(`mail "${row.subject}" names no order`);
    }
    const mailProblems: string[] = [...strayMail];
    let placedOrders = 0;
    let awaitingOrders = 0;
    for (const order of orders) {
      const mails = mailsByNumber.get(order.order_number) ?? 0;
      if (order.status === "awaiting_payment") {
        awaitingOrders++;
        if (mails > 0) mailProblems.push(`${order.order_number} awaits payment but has ${mails}`);
      } else if (order.status === "placed") {
        placedOrders++;
        if (mails !== 1) mailProblems.push(`${order.order_number} placed with ${mails} mails`);
      } else mailProblems.push(`${order.order_number} is ${order.status}`);
    }
    for (const number of mailsByNumber.keys())
      if (!orderByNumber.has(number)) mailProblems.push(`mail for ${number}, not an order`);
    const mailStatuses = new Map<string, number>();
    for (const row of mail) mailStatuses.set(row.status, (mailStatuses.get(row.status) ?? 0) + 1);
    add(
      "every paid or cash order has its one confirmation email in the outbox; no order awaiting payment has one",
      mailProblems,
      `${mail.length} mails for ${placedOrders} placed orders, none for ${awaitingOrders} awaiting (${[...mailStatuses].map(([status, n]) => `${n} ${status}`).join(", ")})`,
    );

    // 14. Out-of-stock answers made no order.
    const oosProblems = ledger.outOfStock
      .filter(({ key }) => orderIdsByKey.has(key))
      .map(({ key }) => `${key}: has an order`);
    add(
      "out-of-stock answers (409) created no order",
      oosProblems,
      `${ledger.outOfStock.length} out of stock, none with an order; ran out: ${shortest(ledger.outOfStock)}`,
    );

    // 15. Every key ended: none left 'processing'.
    const stuck = keys.filter((row) => row.state !== "completed");
    add(
      "every idempotency key completed",
      stuck.map((row) => `${row.key} ${row.state}`),
      `${keys.length} keys, all completed`,
    );

    // 16. No 5xx or lost answers, from any call.
    add(
      "no 5xx and no network errors (order, provider, verify)",
      ledger.unknown.map((call) => `${call}: no usable answer`),
      "none",
    );

    return {
      checks,
      facts: {
        orders: orders.length,
        placedOrders,
        awaitingOrders,
        paidOnline: ledger.paid.size,
        paidOnlyByWebhook,
        declined: ledger.declined.length,
        unitsSold: totalSold,
        heldUnits,
        scarceSold,
        scarceLeft,
        refunds: refunds.length,
        mails: mail.length,
        mailPending: mailStatuses.get("pending") ?? 0,
      },
    };
  } finally {
    await database.close();
  }
}

/** The products out-of-stock answers named, most named first: what the load ran out of. */
function shortest(answers: { short: string[] }[]): string {
  const named = new Map<string, number>();
  for (const { short } of answers) for (const id of short) named.set(id, (named.get(id) ?? 0) + 1);
  const most = [...named].sort((a, b) => b[1] - a[1]);
  const shown = most.slice(0, 5).map(([id, n]) => `${id} ${n}`);
  return most.length === 0
    ? "nothing"
    : `${shown.join(", ")}${most.length > 5 ? `, and ${most.length - 5} more` : ""}`;
}
