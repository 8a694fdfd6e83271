// @vitest-environment jsdom

import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PAYMENT_MESSAGES } from "../../../shared/contracts/payments.ts";
import type { I18n } from "../../../shared/i18n/translator.ts";
import { I18nProvider } from "../../lib/i18n/react-binding.tsx";
import { createShopI18n, loadTexts } from "../../lib/i18n/shop-i18n.ts";
import { PaymentOutcome } from "./payment-outcome.tsx";

afterEach(cleanup);

// The panel in English, as the shop's English pages draw it.
let english: I18n;
beforeAll(async () => {
  english = createShopI18n("en");
  await loadTexts(english, ["routes/order-confirmation"]);
});

const show = (panel: ReactNode) =>
  render(panel, {
    wrapper: ({ children }) => <I18nProvider i18n={english}>{children}</I18nProvider>,
  });

describe("the payment outcome panel", () => {
  it("shows nothing while nothing went wrong", () => {
    for (const status of ["idle", "processing", "paid"] as const) {
      const { container } = show(<PaymentOutcome state={{ status }} onRetry={() => {}} />);
      expect(container.textContent).toBe("");
      cleanup();
    }
  });

  it("after a decline says why, takes the focus, and offers Try again and cash", () => {
    const onRetry = vi.fn();
    const onCash = vi.fn();
    show(
      <PaymentOutcome
        state={{ status: "failed", reason: "Your card was declined by the bank." }}
        onRetry={onRetry}
        onCash={onCash}
      />,
    );
    const panel = screen.getByRole("alert");
    expect(panel.textContent).toContain(`${PAYMENT_MESSAGES.failed} Your card was declined`);
    expect(document.activeElement).toBe(panel);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    fireEvent.click(screen.getByRole("button", { name: "Pay cash on delivery instead" }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onCash).toHaveBeenCalledOnce();
  });

  it("after a closed window says the order is kept; without cash where it is not allowed", () => {
    show(
      <PaymentOutcome
        state={{ status: "cancelled" }}
        cancelledMessage={PAYMENT_MESSAGES.advanceCancelled}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByRole("alert").textContent).toContain(PAYMENT_MESSAGES.advanceCancelled);
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Pay cash on delivery instead" })).toBeNull();
  });

  it("holds its buttons while a retry or the switch to cash is under way", () => {
    show(
      <PaymentOutcome state={{ status: "cancelled" }} onRetry={() => {}} onCash={() => {}} busy />,
    );
    expect(screen.getByRole("alert").textContent).toContain(PAYMENT_MESSAGES.cancelled);
    for (const button of screen.getAllByRole("button")) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
  });
});
