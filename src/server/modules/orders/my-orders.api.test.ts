import { describe, expect, it } from "vitest";
import {
  freshAddress,
  freshEmail,
  freshMobile,
  signUpCustomer,
  TEST_ORIGIN,
} from "../../testing/customers.ts";
import { salesManager } from "../../testing/sales.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const order = {
  contact: { firstName: "Asha", lastName: "Das", email: "asha@example.in", phone: "9876543210" },
  delivery: { address: "12 Janpath", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
  notes: "",
  payment: { method: "cash" },
  items: [
    { productId: "tomatoes", quantity: 2_000 },
    { productId: "spinach", quantity: 1 },
  ],
};
let counter = 0;
const unique = () => `${Date.now()}${++counter}`;

describe.each(testDatabaseKinds)("a customer's orders on %s", (kind) => {
  const ctx = useTestApp(kind);

  const signUp = async () => (await signUpCustomer(ctx.app)).cookie;
  const place = async (cookie?: string) => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: {
        ...order,
        contact: { ...order.contact, phone: freshMobile(), email: freshEmail("asha") },
      },
      headers: {
        origin: TEST_ORIGIN,
        "idempotency-key": `mine-${unique()}`,
        ...(cookie && { cookie }),
      },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(201);
    return response.json().orderNumber as string;
  };
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("lists the signed-in customer's orders, newest first, and nobody else's", async () => {
    const asha = await signUp();
    const other = await signUp();
    const first = await place(asha);
    const second = await place(asha);
    await place(other);
    await place();
    const response = await get("/api/orders", asha);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const { orders } = response.json();
    expect(orders.map((row: { orderNumber: string }) => row.orderNumber)).toEqual([second, first]);
    expect(orders[0]).toMatchObject({
      status: "placed",
      paymentStatus: "pending",
      itemCount: 3,
      creditNotes: [],
    });
  });

  it("lists a credit note beside the invoice once an order is cancelled after it left", async () => {
    const asha = await signUp();
    const orderNumber = await place(asha);
    const manager = await salesManager(ctx.app);
    await manager.bringTo(orderNumber, "out_for_delivery");
    await manager.bringTo(orderNumber, "cancelled");
    const { orders } = (await get("/api/orders", asha)).json();
    const [note] = orders[0].creditNotes as string[];
    expect(orders[0]).toMatchObject({ orderNumber, status: "cancelled" });
    expect(note).toMatch(/^FCN\/\d{2}-\d{2}\/\d{6}$/);
    const download = await get(
      `/api/orders/${orderNumber}/credit-notes/${note!.replaceAll("/", "-")}`,
      asha,
    );
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain(note);
  });

  it("asks a guest to log in", async () => {
    const response = await get("/api/orders");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("opens a customer's order and invoice from any browser they sign in to", async () => {
    const asha = await signUp();
    const orderNumber = await place(asha);
    // No browser cookie at all here: the session alone proves whose order it is.
    expect((await get(`/api/orders/${orderNumber}`, asha)).statusCode).toBe(200);
    expect((await get(`/api/orders/${orderNumber}/invoice`, asha)).statusCode).toBe(200);
    const stranger = await signUp();
    expect((await get(`/api/orders/${orderNumber}`, stranger)).statusCode).toBe(404);
  });
});
