import { describe, expect, it } from "vitest";
import { STAFF_ROLES } from "../../shared/rules/staff.ts";
import { signUpCustomer } from "../testing/customers.ts";
import { spellingsOf } from "../testing/path-spellings.ts";
import { rawRequest } from "../testing/raw-http.ts";
import { REAL_STORE } from "../testing/real-store.ts";
import { STAFF_SESSION_COOKIE, signInEnrolledStaff, signInStaff } from "../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../testing/test-app.ts";

/** The API's own pages: the viewer, its document, a file the viewer loads. */
const DOCS = ["/api/docs", "/api/docs/", "/api/docs/json", "/api/docs/static/swagger-ui.css"];

/** Anything but the store's own refusal (not found, or a path spelled two ways) gives it away. */
function givesAway(body: string): boolean {
  try {
    const { code } = JSON.parse(body) as { code?: string };
    return code !== "NOT_FOUND" && code !== "BAD_REQUEST";
  } catch {
    return true;
  }
}

describe.each(testDatabaseKinds)("the API document in demo mode on %s", (kind) => {
  const ctx = useTestApp(kind);

  it("is open to anyone trying the store", async () => {
    for (const url of DOCS) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
    }
    expect((await ctx.app.inject({ url: "/api/docs/json" })).json().openapi).toMatch(/^3\./);
  });
});

describe.each(testDatabaseKinds)("the API document in a real store on %s", (kind) => {
  const ctx = useTestApp(kind, REAL_STORE);

  /** What a path the store does not serve answers: the same for every spelling asked. */
  const unserved = (url: string) => ({
    code: "NOT_FOUND",
    message: `No route for GET ${url.split("?")[0]}`,
  });

  it("is not there for a visitor or a customer, by any spelling of its paths", async () => {
    const customer = await signUpCustomer(ctx.app);
    const failures: string[] = [];
    for (const cookie of [undefined, customer.cookie]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      for (const url of DOCS) {
        const response = await ctx.app.inject({ url, headers });
        if (response.statusCode !== 404 || givesAway(response.body)) {
          failures.push(`${url}: ${response.statusCode}`);
        }
        const { requestId: _, ...body } = response.json();
        expect(body, url).toEqual(unserved(url));
      }
      for (const url of DOCS.flatMap(spellingsOf)) {
        const answer = await rawRequest(ctx.app, "GET", url, { headers });
        // 404 as for any unserved path, or the 400 every path spelled two ways gets.
        if (![400, 404].includes(answer.status) || givesAway(answer.body)) {
          failures.push(`${url}: ${answer.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("is not there for a made-up staff cookie, nor a member who has not set up the second factor", async () => {
    const forged = `${STAFF_SESSION_COOKIE}=made-up.signature`;
    const unenrolled = await signInStaff(ctx.app, "inventory", { fresh: true });
    for (const cookie of [forged, unenrolled]) {
      for (const url of DOCS) {
        const response = await ctx.app.inject({ url, headers: { cookie } });
        expect(response.statusCode, url).toBe(404);
        expect(givesAway(response.body), url).toBe(false);
      }
    }
  });

  it.each(STAFF_ROLES)("is open to a signed-in %s member", async (role) => {
    const cookie = await signInEnrolledStaff(ctx.app, role);
    for (const url of DOCS) {
      const response = await ctx.app.inject({ url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
    }
    const document = (await ctx.app.inject({ url: "/api/docs/json", headers: { cookie } })).json();
    expect(Object.keys(document.paths)).toContain("/api/products");
  });
});
