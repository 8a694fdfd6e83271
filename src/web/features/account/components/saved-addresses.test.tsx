// @vitest-environment jsdom

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  SAVED_ADDRESS_MESSAGES,
  type SavedAddress,
} from "../../../../shared/contracts/saved-addresses.ts";
import type { I18n } from "../../../../shared/i18n/translator.ts";
import { OUTSIDE_DELIVERY_AREA_MESSAGE } from "../../../../shared/rules/delivery-area.ts";
import { I18nProvider } from "../../../lib/i18n/react-binding.tsx";
import { createShopI18n, loadTexts } from "../../../lib/i18n/shop-i18n.ts";
import { SavedAddresses } from "./saved-addresses.tsx";

const HOME: SavedAddress = {
  id: 1,
  label: "Home",
  address: "12 Janpath",
  city: "Bhubaneswar",
  state: "Odisha",
  pincode: "751007",
  isDefault: true,
};
const OFFICE: SavedAddress = {
  id: 2,
  label: "Office",
  address: "Plot 4, Saheed Nagar",
  city: "Bhubaneswar",
  state: "Odisha",
  pincode: "751022",
  isDefault: false,
};
const SITE = {
  demoMode: true,
  serviceablePincodes: ["751007", "751022", "751001"],
  signInProviders: [],
  paymentMethods: ["cash"],
  bulkPaymentMethods: [],
};

type Sent = { method: string; url: string; body: unknown };
let sent: Sent[];
/** The store's answers by "METHOD /path"; the list's GET answers `stored`. */
let stored: SavedAddress[];
let answers: Record<string, () => Response>;

beforeEach(() => {
  sent = [];
  stored = [];
  answers = {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      if (url === "/api/site") return Response.json(SITE);
      sent.push({ method, url, body });
      const answer = answers[`${method} ${url}`];
      if (answer) return answer();
      return Response.json({ addresses: stored });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The account page in English, as the shop's English pages draw it.
let english: I18n;
beforeAll(async () => {
  english = createShopI18n("en");
  await loadTexts(english, ["routes/account"]);
});

function renderBook() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={english}>
      <QueryClientProvider client={client}>
        <SavedAddresses />
      </QueryClientProvider>
    </I18nProvider>,
  );
}
const writes = () => sent.filter((request) => request.method !== "GET");
const card = (name: string) => screen.getByRole("listitem", { name });
const click = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
  });
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the saved addresses section", () => {
  it("says so while loading, then when there are none", async () => {
    renderBook();
    expect(screen.getByRole("status").textContent).toBe("Loading your addresses");
    expect(await screen.findByText(SAVED_ADDRESS_MESSAGES.empty)).toBeTruthy();
    expect(screen.getByText(SAVED_ADDRESS_MESSAGES.emptyHint)).toBeTruthy();
  });

  it("shows why the list could not load, and tries again", async () => {
    answers["GET /api/account/addresses"] = () =>
      Response.json({ code: "INTERNAL", message: "Something broke" }, { status: 500 });
    renderBook();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Something broke");
    delete answers["GET /api/account/addresses"];
    stored = [HOME];
    await click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("listitem", { name: "Home" })).toBeTruthy();
  });

  it("lists each address with its buttons named after it, the default marked", async () => {
    stored = [HOME, OFFICE];
    renderBook();
    await screen.findByRole("listitem", { name: "Home" });
    expect(within(card("Home")).getByText("Default")).toBeTruthy();
    expect(within(card("Home")).queryByRole("button", { name: /Make default/ })).toBeNull();
    expect(within(card("Office")).queryByText("Default")).toBeNull();
    expect(
      within(card("Office"))
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Edit Office", "Make default Office", "Delete Office"]);
  });

  it("adds an address, refusing a PIN code outside the delivery area before sending", async () => {
    renderBook();
    await click(await screen.findByRole("button", { name: "Add address" }));
    const form = screen.getByRole("form", { name: "New address" });
    expect(document.activeElement).toBe(within(form).getByLabelText("Label (optional)"));
    type(/^Label/, "Home");
    type(/^Street address/, "12 Janpath");
    type(/^PIN code/, "110001");
    await click(within(form).getByRole("button", { name: "Save address" }));
    expect(within(form).getByRole("alert").textContent).toBe(OUTSIDE_DELIVERY_AREA_MESSAGE);
    expect(writes()).toEqual([]);

    stored = [HOME];
    type(/^PIN code/, "751007");
    await click(within(form).getByRole("button", { name: "Save address" }));
    expect(writes()).toEqual([
      {
        method: "POST",
        url: "/api/account/addresses",
        body: {
          label: "Home",
          address: "12 Janpath",
          city: "Bhubaneswar",
          state: "Odisha",
          pincode: "751007",
          makeDefault: true,
        },
      },
    ]);
    expect(await screen.findByRole("listitem", { name: "Home" })).toBeTruthy();
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("edits an address and shows the server's refusal on its field", async () => {
    stored = [HOME, OFFICE];
    renderBook();
    await click(await screen.findByRole("button", { name: "Edit Office" }));
    const form = screen.getByRole("form", { name: "Edit Office" });
    answers["PUT /api/account/addresses/2"] = () =>
      Response.json(
        {
          code: "CONFLICT",
          message: SAVED_ADDRESS_MESSAGES.duplicate,
          field: "address",
        },
        { status: 409 },
      );
    type(/^Street address/, "12 Janpath");
    type(/^PIN code/, "751007");
    await click(within(form).getByRole("button", { name: "Save address" }));
    expect((await within(form).findByRole("alert")).textContent).toBe(
      SAVED_ADDRESS_MESSAGES.duplicate,
    );
    expect(writes()[0]).toMatchObject({ method: "PUT", url: "/api/account/addresses/2" });
    await click(within(form).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("makes another address the default and deletes one after asking", async () => {
    stored = [HOME, OFFICE];
    renderBook();
    await screen.findByRole("listitem", { name: "Office" });
    stored = [
      { ...OFFICE, isDefault: true },
      { ...HOME, isDefault: false },
    ];
    await click(screen.getByRole("button", { name: "Make default Office" }));
    expect(writes()).toEqual([
      { method: "POST", url: "/api/account/addresses/2/default", body: {} },
    ]);
    expect(await within(card("Office")).findByText("Default")).toBeTruthy();

    await click(within(card("Home")).getByRole("button", { name: "Delete Home" }));
    expect(document.activeElement?.textContent).toBe("Keep it Home");
    stored = [{ ...OFFICE, isDefault: true }];
    await click(screen.getByRole("button", { name: "Yes, delete Home" }));
    expect(writes()[1]).toEqual({
      method: "DELETE",
      url: "/api/account/addresses/1",
      body: undefined,
    });
    await vi.waitFor(() => expect(screen.queryByRole("listitem", { name: "Home" })).toBeNull());
  });
});
