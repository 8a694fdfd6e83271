import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { registerErrorHandling } from "./error-handler.ts";
import { computeSecurityHeaders, registerSecurityHeaders } from "./security-headers.ts";

/**
 * The store's answers as far as their headers go, with no database: the security headers for
 * the address `env` gives, registered as http-app.ts does, on a route and on a path without one.
 */
function useStoreHeaders(env: Record<string, string>) {
  const app = Fastify();
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: "test", ...env });
    registerSecurityHeaders(app, computeSecurityHeaders(config.publicUrl));
    registerErrorHandling(app);
    app.get("/api/health", async () => ({ status: "ok" }));
    await app.ready();
  });
  afterAll(() => app.close());
  return app;
}

describe("HTTPS only (HSTS)", () => {
  describe("a store whose address is https", () => {
    const app = useStoreHeaders({ PUBLIC_URL: "https://shop.example.in", DEMO_MODE: "true" });

    it("tells browsers to come back over https only, on every response", async () => {
      for (const url of ["/api/health", "/api/no-such-path"]) {
        const response = await app.inject({ method: "GET", url });
        expect(response.headers["strict-transport-security"]).toBe(
          "max-age=31536000; includeSubDomains",
        );
      }
    });
  });

  describe("a store on plain http", () => {
    const app = useStoreHeaders({ PUBLIC_URL: "http://localhost:3000" });

    it("does not, so its visitors are not locked out", async () => {
      const response = await app.inject({ method: "GET", url: "/api/health" });
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    });
  });
});
