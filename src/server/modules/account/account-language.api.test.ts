// A signed-in customer's language is kept on the account, so a browser they sign in on later
// opens in it (use-account-language.ts); only the store's languages, only by the account itself.
import { describe, expect, it } from "vitest";
import { ACCOUNT_API } from "../../../shared/contracts/account.ts";
import { shopperCalls, signUpCustomer } from "../../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

describe.each(testDatabaseKinds)("the account's language on %s", (kind) => {
  const ctx = useTestApp(kind);
  const call = shopperCalls(ctx);
  const sessionLocale = async (cookie: string) =>
    (await call("GET", "/api/auth/get-session", cookie)).json().user.locale;

  it("is unset for a new account, then kept as the customer chooses it", async () => {
    const { cookie } = await signUpCustomer(ctx.app);
    expect(await sessionLocale(cookie)).toBeNull();
    const chosen = await call("PUT", ACCOUNT_API.language, cookie, { locale: "or" });
    expect(chosen.statusCode, chosen.body).toBe(204);
    expect(await sessionLocale(cookie)).toBe("or");
    await call("PUT", ACCOUNT_API.language, cookie, { locale: "hi" });
    expect(await sessionLocale(cookie)).toBe("hi");
  });

  it("refuses a language the store does not speak, and anything beside the language", async () => {
    const { cookie } = await signUpCustomer(ctx.app);
    for (const body of [{ locale: "fr" }, { locale: "OR" }, { locale: "or", admin: true }, {}]) {
      const refused = await call("PUT", ACCOUNT_API.language, cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await sessionLocale(cookie)).toBeNull();
  });

  it("is the account's own: a guest, a forged session and another site are refused", async () => {
    const { cookie } = await signUpCustomer(ctx.app);
    expect((await call("PUT", ACCOUNT_API.language, undefined, { locale: "or" })).statusCode).toBe(
      401,
    );
    const forged = "fhh.session_token=not-a-session.signature";
    expect((await call("PUT", ACCOUNT_API.language, forged, { locale: "or" })).statusCode).toBe(
      401,
    );
    const elsewhere = await call(
      "PUT",
      ACCOUNT_API.language,
      cookie,
      { locale: "or" },
      {
        origin: "https://evil.example",
      },
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(await sessionLocale(cookie)).toBeNull();
  });

  it("cannot be set through sign-up or the profile", async () => {
    const { cookie } = await signUpCustomer(ctx.app);
    await call("PUT", ACCOUNT_API.profile, cookie, { name: "Asha Das", locale: "hi" });
    expect(await sessionLocale(cookie)).toBeNull();
  });
});
