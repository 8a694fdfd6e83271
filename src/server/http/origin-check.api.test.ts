import { describe, expect, it } from "vitest";
import { useTestApp } from "../testing/test-app.ts";

const feedback = { name: "Asha", email: "asha@example.in", message: "Lovely mangoes!" };

describe("requests from other websites", () => {
  const ctx = useTestApp("pglite", { PUBLIC_URL: "https://shop.example.in" });
  let ip = 0;
  const post = (headers: Record<string, string>) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/feedback",
      payload: feedback,
      headers: { host: "shop.example.in", ...headers },
      remoteAddress: `10.7.0.${++ip}`,
    });

  it("refuses a state-changing API request whose Origin is another site", async () => {
    const response = await post({ origin: "https://evil.example" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "FORBIDDEN" });
    expect(response.json().message).toContain("another website");
  });

  it("refuses one the browser marks cross-site even without an Origin", async () => {
    expect((await post({ "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
  });

  it("takes the store's own origin, the host asked, and clients that send no Origin", async () => {
    expect((await post({ origin: "https://shop.example.in" })).statusCode).toBe(201);
    expect(
      (await post({ host: "127.0.0.1:4173", origin: "http://127.0.0.1:4173" })).statusCode,
    ).toBe(201);
    expect((await post({})).statusCode).toBe(201);
    expect((await post({ "sec-fetch-site": "same-origin" })).statusCode).toBe(201);
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
