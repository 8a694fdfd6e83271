import { describe, expect, it } from "vitest";
import { freshAddress } from "../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../testing/test-app.ts";

const feedback = { name: "Asha", email: "asha@example.in", message: "Lovely mangoes!" };

describe.each(testDatabaseKinds)("requests from other websites on %s", (kind) => {
  const ctx = useTestApp(kind, { PUBLIC_URL: "https://shop.example.in", DEMO_MODE: "true" });
  const post = (headers: Record<string, string>, url = "/api/feedback", payload = feedback) =>
    ctx.app.inject({
      method: "POST",
      url,
      ...(payload && { payload }),
      headers: { host: "shop.example.in", ...headers },
      remoteAddress: freshAddress(),
    });

  it("refuses a state-changing request whose Origin is another site", async () => {
    const response = await post({ origin: "https://evil.example" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "FORBIDDEN" });
    expect(response.json().message).toContain("another website");
  });

  it("takes only the store's own scheme, host and port", async () => {
    expect((await post({ origin: "https://shop.example.in" })).statusCode).toBe(201);
    for (const origin of [
      "http://shop.example.in",
      "https://shop.example.in:8443",
      "https://shop.example.in.evil.example",
      "https://evil.shop.example.in",
      "https://shop.example.in/",
      "HTTPS://SHOP.EXAMPLE.IN",
      "null",
      "",
      "https://shop.example.in, https://evil.example",
    ]) {
      expect((await post({ origin })).statusCode, origin).toBe(403);
    }
  });

  it("does not let a chosen Host header vouch for a foreign origin", async () => {
    for (const [host, origin] of [
      ["evil.example", "https://evil.example"],
      ["127.0.0.1:4173", "http://127.0.0.1:4173"],
    ]) {
      expect((await post({ host: host!, origin: origin! })).statusCode, host).toBe(403);
      expect(
        (await post({ origin: origin!, "x-forwarded-host": host!, "x-forwarded-proto": "http" }))
          .statusCode,
        host,
      ).toBe(403);
    }
  });

  it("covers every path, not only the API's usual spelling", async () => {
    for (const url of ["/API/feedback", "/Api/auth/sign-in/email", "/anything", "/"]) {
      const response = await post({ origin: "https://evil.example" }, url);
      expect(response.statusCode, url).toBe(403);
    }
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const response = await ctx.app.inject({
        method,
        url: "/api/cart",
        headers: { origin: "https://evil.example" },
      });
      expect(response.statusCode, method).toBe(403);
    }
  });

  it("refuses a request without an Origin that brings a cookie or a body", async () => {
    const withBody = await post({});
    expect(withBody.statusCode).toBe(403);
    expect((await post({ "sec-fetch-site": "same-origin" })).statusCode).toBe(403);
    const withCookie = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: "fhh.session_token=abc" },
    });
    expect(withCookie.statusCode).toBe(403);
    const chunked = await ctx.app.inject({
      method: "POST",
      url: "/api/feedback",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      payload: JSON.stringify(feedback),
    });
    expect(chunked.statusCode).toBe(403);
  });

  it("lets a bare request with nothing to forge through, unless the browser says cross-site", async () => {
    const bare = () =>
      ctx.app.inject({ method: "POST", url: "/api/auth/sign-out", remoteAddress: freshAddress() });
    expect((await bare()).statusCode).not.toBe(403);
    const crossSite = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it("leaves reads alone", async () => {
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/products",
      headers: { origin: "https://evil.example" },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("a store on localhost", () => {
  const ctx = useTestApp("pglite", { PUBLIC_URL: "http://localhost:4173" });
  it("also takes its other loopback name, on the same port", async () => {
    const post = (origin: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/feedback",
        payload: feedback,
        headers: { origin },
        remoteAddress: freshAddress(),
      });
    expect((await post("http://localhost:4173")).statusCode).toBe(201);
    expect((await post("http://127.0.0.1:4173")).statusCode).toBe(201);
    expect((await post("http://127.0.0.1:4174")).statusCode).toBe(403);
    expect((await post("http://[::1]:4173")).statusCode).toBe(403);
  });
});
