import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../../shared/contracts/errors.ts";
import { TEST_ORIGIN } from "../testing/customers.ts";
import { rawRequest } from "../testing/raw-http.ts";
import { testDatabaseKinds, useTestApp } from "../testing/test-app.ts";
import { isCanonicalPath } from "./canonical-path.ts";

const dist = mkdtempSync(path.join(tmpdir(), "fhh-canonical-"));
mkdirSync(path.join(dist, "assets"));
writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>store</title>");
writeFileSync(path.join(dist, "assets", "app-1.js"), "console.log(1)");

/** Every second spelling of a path the store serves, each a way around a rule keyed on the path. */
const NOT_CANONICAL = [
  "/api/auth/./sign-in/email",
  "/api/auth/sign-in/./email",
  "/x/../api/auth/sign-in/email",
  "/api/auth/x/../sign-in/email",
  "/api/auth/%2e/sign-in/email",
  "/api/auth/%2E/sign-in/email",
  "/api/auth/x/%2e%2e/sign-in/email",
  "/api/auth/x/.%2E/sign-in/email",
  "/api/auth/sign-in%2femail",
  "/api/auth/sign-in%2Femail",
  "/api/auth/sign-in%5cemail",
  "/api/auth/x%5C..%5Csign-in/email",
  "/api/auth\\sign-in/email",
  "/api/auth/x\\..\\sign-in/email",
  "/api/auth/sign-in/email%00",
  "/api/auth/sign-in/email%0a",
  "/api/auth/sign-in/email%7F",
  "//api/auth/sign-in/email",
  "/api//auth/sign-in/email",
  "/api/auth//sign-in/email",
  "/ap%69/auth/sign-in/email",
  "/api/auth/sign%2Din/email",
  "/api/auth/sign-in/emai%6C",
  "/api/auth/sign-in/email;a=b",
  "/api/auth/sign-in/email%25",
  "/api/auth/sign-in/email%",
  "/api/auth/sign-in/email%g1",
  "http://localhost:3000/api/auth/sign-in/email",
  "*",
];

describe("isCanonicalPath", () => {
  it("takes the store's own paths, with any query", () => {
    for (const url of [
      "/",
      "/api/products",
      "/api/auth/sign-in/email",
      "/api/staff/customer-relations/bulk-orders/BOR-123456-1234/quote",
      "/shop/",
      "/assets/index-abc123.js",
      "/shop?category=fruits&q=../%2f%00",
      "/pages/%E0%A4%AB%E0%A4%B2",
      "/api/products/a%20b",
    ]) {
      expect(isCanonicalPath(url), url).toBe(true);
    }
  });

  it("refuses every other spelling", () => {
    for (const url of NOT_CANONICAL) expect(isCanonicalPath(url), url).toBe(false);
  });

  it("passes only paths a browser's URL parser leaves exactly as they are", () => {
    const char = fc.constantFrom(..."aZ09-._~!$&'()*+,=:@;/\\%2eEfF5c00".split(""));
    fc.assert(
      fc.property(fc.array(char, { maxLength: 24 }), (chars) => {
        const path = `/${chars.join("")}`;
        if (!isCanonicalPath(path)) return;
        expect(new URL(path, "http://store.test").pathname).toBe(path);
        expect(path).not.toMatch(/\/\/|\\|;/);
      }),
      { numRuns: 3000 },
    );
  });
});

describe.each(testDatabaseKinds)("requests by a second spelling of a path on %s", (kind) => {
  const ctx = useTestApp(kind, { WEB_DIST_DIR: dist });

  it("are refused with a clear 400 before any route, the account endpoints included", async () => {
    for (const url of NOT_CANONICAL) {
      for (const method of ["GET", "POST"]) {
        const answer = await rawRequest(ctx.app, method, url, {
          headers: { origin: TEST_ORIGIN },
          ...(method === "POST" && {
            body: { email: "asha@example.in", password: "green mangoes ripen" },
          }),
        });
        expect(answer.status, `${method} ${url}`).toBe(400);
        const body = errorBodySchema.parse(JSON.parse(answer.body));
        expect(body.code).toBe("BAD_REQUEST");
        expect(body.message).toMatch(/not written the usual way/);
        expect(answer.headers["set-cookie"], `${method} ${url}`).toBeUndefined();
      }
    }
  });

  it("also for static files and pages", async () => {
    for (const url of ["/assets/../index.html", "/assets/%2e%2e/index.html", "/./shop", "//shop"]) {
      expect((await rawRequest(ctx.app, "GET", url)).status, url).toBe(400);
    }
    expect((await rawRequest(ctx.app, "GET", "/assets/app-1.js")).status).toBe(200);
    expect((await rawRequest(ctx.app, "GET", "/shop?from=../x")).status).toBe(200);
  });
});
