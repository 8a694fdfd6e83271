import { describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestApp } from "../testing/test-app.ts";

describe.each(testDatabaseKinds)("HTTPS only (HSTS) on %s", (kind) => {
  describe("a store whose address is https", () => {
    const ctx = useTestApp(kind, { PUBLIC_URL: "https://shop.example.in", DEMO_MODE: "true" });

    it("tells browsers to come back over https only, on every response", async () => {
      for (const url of ["/api/health", "/api/no-such-path"]) {
        const response = await ctx.app.inject({ method: "GET", url });
        expect(response.headers["strict-transport-security"]).toBe(
          "max-age=31536000; includeSubDomains",
        );
      }
    });
  });

  describe("a store on plain http", () => {
    const ctx = useTestApp(kind, { PUBLIC_URL: "http://localhost:3000" });

    it("does not, so its visitors are not locked out", async () => {
      const response = await ctx.app.inject({ method: "GET", url: "/api/health" });
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    });
  });
});
