// @vitest-environment jsdom

import { act, cleanup, render as draw, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { I18n } from "../../../../shared/i18n/translator.ts";
import { translateInBrowser } from "../../../lib/i18n/browser-translator.ts";
import { I18nProvider } from "../../../lib/i18n/react-binding.tsx";
import { createShopI18n, loadTexts } from "../../../lib/i18n/shop-i18n.ts";
import { createBrowserRouter, type Router, RouterProvider } from "../../../lib/router/index.ts";
import { SupportFaq } from "./support-faq.tsx";

// The support page's questions come with the page; their answers, most of its words, only when
// the questions are on screen or a visitor reaches for one.

const REFUND = "How do I ask for a refund?";
const ODIA_REFUND = "ଟଙ୍କା ଫେରସ୍ତ ପାଇଁ କିପରି ଅନୁରୋଧ କରିବି?";

/** IntersectionObserver as jsdom lacks it: each observer is told when `scrollIntoView` says. */
const observers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
class SeenObserver {
  constructor(private readonly told: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    observers.push(this.told);
  }
  disconnect() {
    observers.splice(observers.indexOf(this.told), 1);
  }
}
const comeIntoView = () =>
  act(() => {
    for (const told of [...observers]) told([{ isIntersecting: true }]);
  });

let odia: I18n;
let router: Router | undefined;
beforeAll(async () => {
  vi.stubGlobal("IntersectionObserver", SeenObserver);
  odia = createShopI18n("or");
  await loadTexts(odia, ["frame", "routes/customer-support"]);
  translateInBrowser(odia);
});
afterEach(() => {
  cleanup();
  router?.dispose();
});

async function showFaq() {
  window.history.replaceState(null, "", "/");
  router = createBrowserRouter([{ path: "/", load: async () => SupportFaq, handle: {} }]);
  draw(
    <I18nProvider i18n={odia}>
      <RouterProvider router={router} errorPage={() => null} />
    </I18nProvider>,
  );
  return screen.findByRole("button", { name: ODIA_REFUND });
}

describe("the support page's questions", () => {
  it("come with the page in its language; their answers' words come later, in it too", async () => {
    // The page's own texts hold the question, not its answer.
    expect(odia._(REFUND)).toBe(ODIA_REFUND);
    expect(odia.has("Do I need an account to order?")).toBe(true);
    expect(
      odia.has(
        "No. You can check out as a guest. An account keeps your orders in one place and makes the next checkout faster.",
      ),
    ).toBe(false);

    const question = await showFaq();
    fireEvent.click(question);
    expect(question.getAttribute("aria-expanded")).toBe("true");
    const answer = document.getElementById(question.getAttribute("aria-controls")!)!;
    // Opening it asks for the answers; they arrive in Odia, with the refund window's hours.
    expect(answer.hidden).toBe(false);
    await vi.waitFor(() => expect(answer.textContent).toMatch(/^ଟଙ୍କା ଫେରସ୍ତ ଅନୁରୋଧ ଡେଲିଭରିର 24 ଘଣ୍ଟା/));
    expect(answer.textContent).not.toMatch(/Refund requests/);
  });

  it("asks for the answers when the questions come on screen, before any is opened", async () => {
    await showFaq();
    const waiting = () => document.querySelectorAll('[role="status"]').length;
    // Each closed answer holds its place with a spinner until the answers come.
    expect(waiting()).toBe(6);
    await act(async () => {});
    expect(waiting()).toBe(6);
    comeIntoView();
    await vi.waitFor(() => expect(waiting()).toBe(0));
    fireEvent.click(screen.getByRole("button", { name: "ମୋ ଅର୍ଡର କେଉଁଠି ଅଛି?" }));
    expect(
      screen.getByRole("button", { name: "ମୋ ଅର୍ଡର କେଉଁଠି ଅଛି?" }).getAttribute("aria-expanded"),
    ).toBe("true");
  });
});
