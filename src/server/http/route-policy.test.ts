import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerCustomerGuard, SIGN_IN_FIRST } from "../modules/auth/customer-guard.ts";
import { registerErrorHandling } from "./error-handler.ts";
import { registerJsonBody } from "./json-body.ts";
import { declareContextPublic, registerRoutePolicy } from "./route-policy.ts";
import type { App } from "./types.ts";

/** A bare app with the policy and the customer guard; `customer` is whoever the session names. */
function policyApp(customer: string | null = null) {
  const app = Fastify() as unknown as App;
  registerJsonBody(app);
  registerErrorHandling(app);
  registerCustomerGuard(app, { customerOf: async () => customer });
  registerRoutePolicy(app);
  return app;
}

describe("the route policy", () => {
  it.each(["/api/orders", "/api", "/api/", "/api/anything/:id"])(
    "refuses to start with %s declaring no access",
    (url) => {
      const app = policyApp();
      expect(() => app.get(url, async () => "open")).toThrow(
        `GET ${url} declares no access policy`,
      );
    },
  );

  it("finds an undeclared route in a plugin under a prefix", async () => {
    const app = policyApp();
    app.register(
      async (child) => {
        child.post("/tickets", async () => "open");
      },
      { prefix: "/api/support" },
    );
    await expect(app.ready()).rejects.toThrow("POST /api/support/tickets declares no access");
  });

  it("refuses a route that declares two kinds of access", () => {
    const app = policyApp();
    expect(() =>
      app.get("/api/orders", { config: { customer: "anyone", public: true } }, async () => "open"),
    ).toThrow("GET /api/orders declares more than one access policy");
  });

  it("asks nothing of routes outside the API", async () => {
    const app = policyApp();
    app.get("/orders/:orderNumber", async () => "page");
    await app.ready();
    expect((await app.inject({ url: "/orders/FHH-1" })).body).toBe("page");
  });

  it("lets a context declare the routes a third-party plugin adds public", async () => {
    const app = policyApp();
    await app.register(async (docs) => {
      declareContextPublic(docs);
      docs.get("/api/docs/json", async () => "map");
    });
    // The declaration stays in its context.
    expect(() => app.get("/api/docs/other", async () => "open")).toThrow(/declares no access/);
    await app.ready();
    expect((await app.inject({ url: "/api/docs/json" })).body).toBe("map");
  });
});

describe("the customer guard", () => {
  const signedInRoute = (app: App) => {
    app.put(
      "/api/cart",
      { config: { customer: { signedIn: "cart", beforeBody: true }, private: true } },
      async () => "the cart",
    );
  };

  it("turns a guest away after a malformed body is answered, unless asked to before", async () => {
    const app = policyApp(null);
    app.put("/api/cart", { config: { customer: { signedIn: "cart" } } }, async () => "cart");
    const malformed = await app.inject({
      method: "PUT",
      url: "/api/cart",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    const guest = await app.inject({ method: "PUT", url: "/api/cart", payload: {} });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: "UNAUTHORIZED", message: SIGN_IN_FIRST.cart });
  });

  it("turns a guest away with the route's own message before the body is read", async () => {
    const app = policyApp(null);
    signedInRoute(app);
    const answer = await app.inject({
      method: "PUT",
      url: "/api/cart",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: "UNAUTHORIZED", message: SIGN_IN_FIRST.cart });
    expect(answer.headers["cache-control"]).toBe("private, no-store");
  });

  it("lets a signed-in customer through, the answer kept by nobody", async () => {
    const app = policyApp("customer-1");
    signedInRoute(app);
    const answer = await app.inject({ method: "PUT", url: "/api/cart", payload: {} });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe("the cart");
    expect(answer.headers["cache-control"]).toBe("private, no-store");
  });

  it("lets a guest call a route open to anyone, its answer cacheable", async () => {
    const app = policyApp(null);
    app.get("/api/site", { config: { customer: "anyone" } }, async () => "site");
    const answer = await app.inject({ url: "/api/site" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBeUndefined();
  });
});
