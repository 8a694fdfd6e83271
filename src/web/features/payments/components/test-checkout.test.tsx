// @vitest-environment jsdom

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PAYMENT_MESSAGES } from "../../../../shared/contracts/payments.ts";
import type { I18n } from "../../../../shared/i18n/translator.ts";
import { I18nProvider } from "../../../lib/i18n/react-binding.tsx";
import { createShopI18n, loadTexts } from "../../../lib/i18n/shop-i18n.ts";
import { TestCheckout } from "./test-checkout.tsx";

const ORDER = {
  providerOrderId: "order_test_abc123",
  amountPaise: 12_900,
  receipt: "FHH-123456",
  paid: false,
};
const ANSWER = {
  paymentId: "pay_test_1",
  providerOrderId: ORDER.providerOrderId,
  signature: "f".repeat(64),
};
const DECLINE = {
  code: "PAYMENT_DECLINED",
  message: "Your card was declined by the bank. No money was taken.",
};

type Call = { url: string; method: string; body: string | undefined };
let calls: Call[];

beforeEach(() => {
  calls = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const call = { url: String(input), method: init?.method ?? "GET", body: init?.body as string };
    calls.push(call);
    if (call.method === "GET") return Response.json(ORDER);
    const attempt = JSON.parse(call.body ?? "{}") as { decline: string | null };
    return attempt.decline ? Response.json(DECLINE, { status: 402 }) : Response.json(ANSWER);
  });
});
afterEach(cleanup);

// The payment window in English, as an English page opens it (with its areas' catalogues).
let english: I18n;
beforeAll(async () => {
  english = createShopI18n("en");
  await loadTexts(english, ["routes/test-checkout"]);
});

function open(method: "card" | "upi" | "netbanking" = "card") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={english}>
      <QueryClientProvider client={client}>
        <TestCheckout providerOrderId={ORDER.providerOrderId} method={method} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) =>
  fireEvent.change(field(label), { target: { value } });
async function pay() {
  fireEvent.click(await screen.findByRole("button", { name: "Pay ₹129.00" }));
}
async function fillCard(number: string, expiry = "12/39", cvv = "123") {
  await screen.findByLabelText(/^Card number/);
  type(/^Card number/, number);
  type(/^Name on card/, "Asha Das");
  type(/^Expiry/, expiry);
  type(/^CVV/, cvv);
}
const posts = () => calls.filter((call) => call.method === "POST");

describe("the test provider's checkout page", () => {
  it("shows the amount, the receipt and the published test instruments", async () => {
    open();
    expect((await screen.findByTestId("test-amount")).textContent).toBe("₹129.00");
    expect(screen.getByTestId("test-receipt").textContent).toBe("FHH-123456");
    expect(screen.getByText(/test payment provider: no money moves/).textContent).toContain(
      "4111 1111 1111 1111",
    );
    const cvv = field(/^CVV/);
    expect(cvv.type).toBe("password");
    expect(cvv.maxLength).toBe(3);
  });

  it("asks for every card detail with the spec's one message, marking each empty field", async () => {
    open();
    await screen.findByLabelText(/^Card number/);
    type(/^Card number/, "4111 1111 1111 1111");
    await pay();
    const alert = await screen.findByText(PAYMENT_MESSAGES.cardMissing);
    expect(screen.getAllByText(PAYMENT_MESSAGES.cardMissing)).toHaveLength(1);
    expect(alert.getAttribute("role")).toBe("alert");
    for (const label of [/^Name on card/, /^Expiry/, /^CVV/]) {
      expect(field(label).getAttribute("aria-invalid")).toBe("true");
      expect(field(label).getAttribute("aria-describedby")).toBe(alert.id);
    }
    expect(field(/^Card number/).getAttribute("aria-invalid")).toBeNull();
    expect(posts()).toEqual([]);
  });

  it("then checks each format with its own message", async () => {
    open();
    await fillCard("4111 1111 1111 1112", "01/20", "12");
    await pay();
    expect(await screen.findByText(PAYMENT_MESSAGES.cardNumber)).toBeTruthy();
    expect(screen.getByText(PAYMENT_MESSAGES.cardExpiry)).toBeTruthy();
    expect(screen.getByText(PAYMENT_MESSAGES.cardCvv)).toBeTruthy();
    expect(screen.queryByText(PAYMENT_MESSAGES.cardMissing)).toBeNull();
    expect(posts()).toEqual([]);
  });

  it("asks for a UPI ID, then a valid one; and for a bank", async () => {
    open("upi");
    await screen.findByLabelText(/^UPI ID/);
    await pay();
    expect(await screen.findByText(PAYMENT_MESSAGES.upiMissing)).toBeTruthy();
    type(/^UPI ID/, "asha.das");
    await pay();
    expect(await screen.findByText(PAYMENT_MESSAGES.upiId)).toBeTruthy();

    fireEvent.click(screen.getByRole("radio", { name: "Net banking" }));
    await pay();
    expect(await screen.findByText(PAYMENT_MESSAGES.bank)).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it("pays with a summary of the card: its number and CVV never leave the page", async () => {
    open();
    await fillCard("4111 1111 1111 1111", "12/39", "987");
    await pay();
    await screen.findByText(PAYMENT_MESSAGES.paid);
    expect(posts()).toHaveLength(1);
    const [post] = posts();
    expect(post!.url).toBe(`/api/test-provider/orders/${ORDER.providerOrderId}/payments`);
    expect(JSON.parse(post!.body!)).toEqual({
      method: "card",
      summary: "Visa ending 1111",
      decline: null,
    });
    for (const call of calls) {
      const sent = `${call.url} ${call.body ?? ""}`;
      expect(sent).not.toMatch(/4111\s?1111\s?1111/);
      expect(sent).not.toContain("987");
      expect(sent).not.toMatch(/cvv|card_?number|expiry/i);
    }
  });

  it("shows a decline on the page and lets the shopper pay with another card", async () => {
    open();
    await fillCard("4000 0000 0000 0002");
    await pay();
    const declined = await screen.findByText(/Your card was declined by the bank/);
    const alert = declined.closest("[role=alert]") as HTMLElement;
    expect(within(alert).getByText("Payment failed.")).toBeTruthy();
    expect(JSON.parse(posts()[0]!.body!).decline).toBe("card_declined");

    type(/^Card number/, "4111 1111 1111 1111");
    await pay();
    await screen.findByText(PAYMENT_MESSAGES.paid);
    await waitFor(() => expect(posts()).toHaveLength(2));
  });
});
