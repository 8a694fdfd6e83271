import { describe, expect, it } from "vitest";
import { PAGE_SCRIPTS_SOURCE } from "../../http/page-scripts.ts";
import { computeSecurityHeaders } from "../../http/security-headers.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { createRazorpayGateway } from "../payments/razorpay-gateway.ts";

describe.each(testDatabaseKinds)("health and platform on %s", (kind) => {
  const ctx = useTestApp(kind);

  it("reports a reachable database", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: kind });
  });

  it("sends security headers", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/health" });
    const csp = response.headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self'");
    // Only the store's own pages may frame it (the test provider's checkout opens in one).
    expect(csp).toContain("frame-ancestors 'self'");
    // Razorpay's Checkout is allowed only in a store that uses Razorpay.
    expect(csp).not.toContain("razorpay");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The one inline script allowed is the page starter, by its hash.
    expect(csp).toContain(`script-src 'self' ${PAGE_SCRIPTS_SOURCE};`);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("allows Razorpay's Checkout script and frames when the store uses Razorpay", () => {
    // The sources come from the provider itself: the store's headers name no provider.
    const razorpay = createRazorpayGateway({
      keyId: "k",
      keySecret: "s",
      webhookSecret: "w",
      timeoutMs: 1000,
    });
    const csp = computeSecurityHeaders("http://localhost:3000", razorpay.checkout.sources)[
      "content-security-policy"
    ]!;
    expect(csp).toContain(
      `script-src 'self' https://checkout.razorpay.com ${PAGE_SCRIPTS_SOURCE};`,
    );
    expect(csp).toMatch(/frame-src 'self' https:\/\/api\.razorpay\.com/);
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it("publishes the OpenAPI document", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/api/products", "/api/feedback", "/api/health"]),
    );
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});
