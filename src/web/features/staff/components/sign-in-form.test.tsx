// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { SiteSettings } from "../../../../shared/contracts/site.ts";
import { STAFF_MESSAGES } from "../../../../shared/rules/staff.ts";
import { siteSettingsQuery } from "../../site/api/site-settings.ts";
import { SignInForm } from "./sign-in-form.tsx";
import { TotpCodeForm } from "./totp-code-form.tsx";

afterEach(cleanup);

const SITE: SiteSettings = {
  demoMode: true,
  serviceablePincodes: [],
  signInProviders: [],
  paymentMethods: [],
  bulkPaymentMethods: [],
  staffHint: [
    { username: "inventory", password: "harvest-inventory", title: "Inventory Manager" },
    { username: "sales", password: "harvest-sales", title: "Sales Manager" },
    { username: "relations", password: "harvest-relations", title: "Customer Relations" },
  ],
};

/** The site settings as the server would answer them, already loaded: nothing is fetched. */
function withSite(site: SiteSettings, children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(siteSettingsQuery.queryKey, site);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const neverCalled = async () => {
  throw new Error("the form must not sign in here");
};

describe("staff sign-in form", () => {
  it("asks for both fields with the spec's message, before any request", async () => {
    render(withSite(SITE, <SignInForm onSignedIn={neverCalled} />));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    });
    expect(await screen.findByTestId("staff-sign-in-problem")).toHaveProperty(
      "textContent",
      STAFF_MESSAGES.missingFields,
    );
    expect(screen.getByLabelText(/^Username/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText(/^Password/).getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the hint only when the store sends one", () => {
    render(withSite(SITE, <SignInForm onSignedIn={neverCalled} />));
    expect(screen.getByRole("button", { name: "Demo credentials" })).toBeTruthy();
    cleanup();
    const { staffHint: _hint, ...realStore } = SITE;
    render(withSite({ ...realStore, demoMode: false }, <SignInForm onSignedIn={neverCalled} />));
    expect(screen.queryByRole("button", { name: "Demo credentials" })).toBeNull();
  });

  it("lists the three demo accounts and fills the form from one", async () => {
    render(withSite(SITE, <SignInForm onSignedIn={neverCalled} />));
    fireEvent.click(screen.getByRole("button", { name: "Demo credentials" }));
    const hint = await screen.findByRole("dialog", { name: "Demo staff credentials" });
    expect(within(hint).getAllByRole("listitem")).toHaveLength(3);
    fireEvent.click(within(hint).getByRole("button", { name: "Use Sales Manager" }));
    await waitFor(() =>
      expect((screen.getByLabelText(/^Username/) as HTMLInputElement).value).toBe("sales"),
    );
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe("harvest-sales");
  });
});

describe("authenticator code form", () => {
  it("keeps digits only and asks for six", async () => {
    render(withSite(SITE, <TotpCodeForm submitLabel="Verify" onVerified={neverCalled} />));
    const input = screen.getByLabelText(/^6-digit code/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "12 a3-4" } });
    expect(input.value).toBe("1234");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    });
    expect((await screen.findByRole("alert")).textContent).toBe("The code has 6 digits");
  });
});
