import type { Request } from "@playwright/test";
import {
  BULK_TEXTS,
  newRequester,
  paymentCard,
  sendRequest,
  toast,
} from "./support/bulk-orders.ts";
import { quoteRequest } from "./support/bulk-quote.ts";
import { checkout, GOOD_CARD, newBuyer, payIn, skipRating } from "./support/checkout.ts";
import { expect, test } from "./support/fixtures.ts";
import { READY_TIMEOUT, seedCart } from "./support/storefront.ts";

// Card numbers and CVVs are typed in the payment provider's window and never reach the store's
// server (design, decision 5). This spec records every request the storefront (and the test
// provider's page framed in it) sends to the store across a card purchase and a bulk advance,
// and fails if one carries a card number or a card field. One order and one bulk request.

/**
 * 13 to 19 digits in a row, with or without spaces or dashes, not part of a longer token: the
 * provider's ids (`pay_test_51950056555147`) may end in fourteen digits after an underscore.
 */
const CARD_NUMBER = /(?<![0-9A-Za-z_])\d(?:[ -]?\d){12,18}(?![0-9A-Za-z_])/;
/**
 * A field named for a card's secrets: cvv, cvc, cardNumber, card_number, card-number, as a word
 * of its own: a build's content hash (`use-location-state-K7NocVVn.js`) may spell "cVV" inside.
 */
const CARD_FIELD = /(?<![0-9A-Za-z])(?:cvv|cvc|card[_-]?number|card[_-]?no)(?![a-z])/i;

type Sent = { method: string; url: string; body: string };

function recordStoreRequests(page: import("@playwright/test").Page, origin: string): Sent[] {
  const sent: Sent[] = [];
  page.on("request", (request: Request) => {
    if (new URL(request.url()).origin !== origin) return;
    let url = request.url();
    try {
      url = decodeURIComponent(url);
    } catch {}
    sent.push({ method: request.method(), url, body: request.postData() ?? "" });
  });
  return sent;
}

const leaks = (sent: Sent[]) =>
  sent.filter(
    ({ url, body }) =>
      CARD_NUMBER.test(url) ||
      CARD_NUMBER.test(body) ||
      CARD_FIELD.test(url) ||
      CARD_FIELD.test(body),
  );

const posted = (sent: Sent[], path: RegExp) =>
  sent.filter((request) => request.method === "POST" && path.test(new URL(request.url).pathname));

test("no request to the store carries a card number or a card field, through a card purchase and a bulk advance", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const sent = recordStoreRequests(page, new URL(baseURL!).origin);

  // A card purchase at checkout, paid in the provider's window.
  await seedCart(page, [{ id: "tomatoes", quantity: 1_000 }]);
  await checkout(page, { buyer: newBuyer(), payment: { method: "card", card: GOOD_CARD } });
  await skipRating(page);

  // A bulk order's advance, paid by card in the same window.
  const ticketId = await sendRequest(page, newRequester({ inDays: 12 }));
  await quoteRequest(page, ticketId, 6_000);
  await page.reload();
  const card = paymentCard(page);
  const pay = card.getByRole("button", { name: "Pay ₹3,000.00 Advance" });
  await expect(pay).toBeEnabled({ timeout: READY_TIMEOUT });
  await pay.click();
  await payIn(page, { card: GOOD_CARD });
  await expect(toast(page, BULK_TEXTS.paid)).toBeVisible({ timeout: READY_TIMEOUT });

  // The record saw the whole of both payments, so an empty list of leaks means something.
  expect(posted(sent, /^\/api\/orders$/)).toHaveLength(1);
  expect(posted(sent, /^\/api\/orders\/FHH-\d{6}\/payment$/)).toHaveLength(1);
  expect(posted(sent, new RegExp(`^/api/bulk-orders/${ticketId}/advance$`))).toHaveLength(1);
  expect(posted(sent, new RegExp(`^/api/bulk-orders/${ticketId}/advance/payment$`))).toHaveLength(
    1,
  );
  const providerPayments = posted(sent, /^\/api\/test-provider\/orders\/[^/]+\/payments$/);
  expect(providerPayments).toHaveLength(2);
  for (const payment of providerPayments) {
    expect(JSON.parse(payment.body)).toEqual({
      method: "card",
      summary: "Visa ending 1111",
      decline: null,
    });
  }

  expect(leaks(sent), "requests carrying a card number or a card field").toEqual([]);
  const typed = [GOOD_CARD.number, GOOD_CARD.number.replaceAll(" ", "")];
  for (const request of sent) {
    for (const text of typed) expect(`${request.url} ${request.body}`).not.toContain(text);
  }
});

test("the leak check itself catches card numbers and card fields", () => {
  const caught = (body: string) => leaks([{ method: "POST", url: "http://x/api/orders", body }]);
  expect(caught('{"number":"4111 1111 1111 1111"}')).toHaveLength(1);
  expect(caught('{"number":"4111111111111111"}')).toHaveLength(1);
  expect(caught('{"pan":"4000-0000-0000-0002"}')).toHaveLength(1);
  expect(caught('{"cvv":"123"}')).toHaveLength(1);
  expect(caught('{"cardNumber":"x"}')).toHaveLength(1);
  expect(caught('{"card_number":"x"}')).toHaveLength(1);
  expect(caught('{"cvv2":"123"}')).toHaveLength(1);
  expect(caught("card-no=1")).toHaveLength(1);
  // A content-hashed asset's name is not a card field.
  const asset = { method: "GET", body: "", url: "http://x/assets/use-location-state-K7NocVVn.js" };
  expect(leaks([asset])).toHaveLength(0);
  // Ids and signatures of hex digits, phone numbers and amounts are not card numbers.
  expect(caught(`{"signature":"${"1234567890".repeat(6)}abcd"}`)).toHaveLength(0);
  expect(caught('{"phone":"+91 98765 43210","summary":"Visa ending 1111"}')).toHaveLength(0);
  expect(caught('{"paymentId":"pay_test_51950056555147"}')).toHaveLength(0);
  expect(caught(`{"razorpay_signature":"${"1234567890".repeat(6)}abcd"}`)).toHaveLength(0);
  expect(caught('{"razorpay_payment_id":"pay_test_51950056555147"}')).toHaveLength(0);
});
