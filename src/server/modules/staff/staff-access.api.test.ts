import { describe, expect, it } from "vitest";
import { STAFF_ROLES, type StaffRole } from "../../../shared/rules/staff.ts";
import { freshAddress, signUpCustomer, TEST_ORIGIN } from "../../testing/customers.ts";
import { signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

type Route = { method: string; path: string; role: StaffRole | "any-member" };

/** Streams answer their own member by never ending; the matrix checks only their refusals. */
const STREAMS = new Set(["/api/staff/events"]);

/** Every guarded staff route in the API document, with the dashboard its path names. */
function staffRoutesOf(document: { paths?: Record<string, Record<string, unknown>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith("/api/staff/") || path.startsWith("/api/staff/auth/")) continue;
    const segment = path.split("/")[3] as StaffRole;
    const role = STAFF_ROLES.includes(segment) ? segment : "any-member";
    for (const method of Object.keys(operations)) {
      if (["get", "post", "put", "patch", "delete"].includes(method)) {
        routes.push({ method: method.toUpperCase(), path, role });
      }
    }
  }
  return routes;
}

/** Path parameters filled in with something of the right shape. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, "mangoes");

describe.each(testDatabaseKinds)("who may call each staff route on %s", (kind) => {
  const ctx = useTestApp(kind);

  it("covers every staff route: 401 without a session, 403 for a customer or another dashboard", async () => {
    const routes = staffRoutesOf(ctx.app.swagger() as never);
    expect(routes.map((route) => route.path)).toContain("/api/staff/me");
    const customer = await signUpCustomer(ctx.app);
    const staff = Object.fromEntries(
      await Promise.all(STAFF_ROLES.map(async (role) => [role, await signInStaff(ctx.app, role)])),
    ) as Record<StaffRole, string>;
    const call = (route: Route, cookie?: string) =>
      ctx.app.inject({
        method: route.method as "GET",
        url: concrete(route.path),
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
        remoteAddress: freshAddress(),
        ...(route.method === "GET" ? {} : { payload: {} }),
      });
    const failures: string[] = [];
    const expectStatus = (route: Route, who: string, actual: number, allowed: boolean) => {
      const ok = allowed
        ? actual !== 401 && actual !== 403
        : actual === (who === "nobody" ? 401 : 403);
      if (!ok) failures.push(`${route.method} ${route.path} as ${who}: ${actual}`);
    };
    for (const route of routes) {
      expectStatus(route, "nobody", (await call(route)).statusCode, false);
      expectStatus(route, "customer", (await call(route, customer.cookie)).statusCode, false);
      for (const role of STAFF_ROLES) {
        const allowed = route.role === "any-member" || route.role === role;
        if (allowed && STREAMS.has(route.path)) continue;
        expectStatus(route, role, (await call(route, staff[role])).statusCode, allowed);
      }
    }
    expect(failures).toEqual([]);
  });
});
