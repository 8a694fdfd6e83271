import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandling } from "../../http/error-handler.ts";
import { registerJsonBody } from "../../http/json-body.ts";
import type { App } from "../../http/types.ts";
import { registerStaffGuard, type StaffMember } from "./staff-guard.ts";

const inventoryMember: StaffMember = {
  id: "staff-inventory",
  name: "Sasmita Das",
  username: "inventory",
  role: "inventory",
  dashboard: 1,
  twoFactorEnabled: true,
};

/** A bare app with the guard; `member` stands for whoever the request's session names. */
function guardedApp(member: StaffMember | null, customer: string | null = null) {
  const app = Fastify() as unknown as App;
  registerJsonBody(app);
  registerErrorHandling(app);
  registerStaffGuard(app, {
    staffOf: async () => member,
    customerOf: async () => customer,
    twoFactorRequired: true,
  });
  return app;
}

describe("the staff guard", () => {
  it.each([
    "/api/staff/inventory/products",
    "/api/staff",
    "/api/staff/",
    "/api/staff/sales/orders/:id",
  ])("refuses to start with %s declaring no dashboard", (url) => {
    const app = guardedApp(null);
    expect(() => app.get(url, async () => "open")).toThrow(/without a declared dashboard/);
  });

  it("refuses a route under one dashboard's path that declares another's", () => {
    const app = guardedApp(null);
    expect(() =>
      app.get("/api/staff/inventory/orders", { config: { staff: "sales" } }, async () => "open"),
    ).toThrow(/under inventory's API/);
    expect(() =>
      app.get("/api/staff/sales/export", { config: { staff: "any-member" } }, async () => "open"),
    ).toThrow(/under sales's API/);
  });

  it("finds undeclared staff routes in plugins under a prefix", async () => {
    const app = guardedApp(null);
    app.register(
      async (child) => {
        child.post("/orders", async () => "open");
      },
      { prefix: "/api/staff/sales" },
    );
    await expect(app.ready()).rejects.toThrow(/POST \/api\/staff\/sales\/orders/);
  });

  it("answers before the body is read: no session 401, a customer 403, another dashboard 403", async () => {
    let handled = 0;
    const cases = [
      { member: null, customer: null, status: 401 },
      { member: null, customer: "customer-1", status: 403 },
      {
        member: { ...inventoryMember, role: "sales", dashboard: 2 } as StaffMember,
        customer: null,
        status: 403,
      },
      { member: { ...inventoryMember, twoFactorEnabled: false }, customer: null, status: 403 },
    ];
    for (const { member, customer, status } of cases) {
      const app = guardedApp(member, customer);
      app.post("/api/staff/inventory/products", { config: { staff: "inventory" } }, async () => {
        handled++;
        return "changed";
      });
      // A body that would fail parsing, and one too large: the guard's answer comes first.
      for (const payload of ["{not json", "x".repeat(2 * 1024 * 1024)]) {
        const answer = await app.inject({
          method: "POST",
          url: "/api/staff/inventory/products",
          headers: { "content-type": "application/json" },
          payload,
        });
        expect(answer.statusCode).toBe(status);
      }
      await app.close();
    }
    expect(handled).toBe(0);
  });

  it("lets a dashboard's own member through", async () => {
    const app = guardedApp(inventoryMember);
    app.get(
      "/api/staff/inventory/summary",
      { config: { staff: "inventory" } },
      async () => "figures",
    );
    expect((await app.inject({ url: "/api/staff/inventory/summary" })).body).toBe("figures");
  });
});
