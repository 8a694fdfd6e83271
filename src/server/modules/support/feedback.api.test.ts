import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TEST_ORIGIN } from "../../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

describe.each(testDatabaseKinds)("feedback API on %s", (kind) => {
  const ctx = useTestApp(kind);
  let ip = 0;
  // Each test speaks from its own address so the per-IP limit only bites where it is tested.
  const post = (payload: unknown, remoteAddress = `10.0.0.${++ip}`) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/feedback",
      payload: payload as object,
      headers: { origin: TEST_ORIGIN },
      remoteAddress,
    });

  async function storedMessages(): Promise<string[]> {
    const result = await ctx.database.db.execute(sql`select message from feedback order by id`);
    return (result as unknown as { rows: { message: string }[] }).rows.map((row) => row.message);
  }

  it("stores feedback, trimmed", async () => {
    const response = await post({
      name: " Asha ",
      email: "asha@example.in",
      message: "Lovely mangoes!",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ received: true });
    expect(await storedMessages()).toContain("Lovely mangoes!");
  });

  it.each([
    [{ email: "a@b.in", message: "hi" }, "name", "Please enter your name"],
    [{ name: "A", email: "   ", message: "hi" }, "email", "Please enter your email"],
    [
      { name: "A", email: "not-an-email", message: "hi" },
      "email",
      "Please enter a valid email address",
    ],
    [{ name: "A", email: "a@b.in", message: "" }, "message", "Please enter a message"],
    [{ name: "A", email: "a@b.in", message: "x".repeat(2001) }, "message", "at most 2000"],
    [{ name: "A", email: "a@b.in", message: "hi", rating: 5 }, "rating", "Unknown field"],
  ])("refuses %j with a 400 naming %s", async (payload, field, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", field });
    expect(body.message).toContain(message);
  });

  it("refuses a body that is not JSON with a 4xx, never a 5xx", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/feedback",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    const wrongType = await ctx.app.inject({
      method: "POST",
      url: "/api/feedback",
      headers: { origin: TEST_ORIGIN, "content-type": "text/plain" },
      payload: "hello",
    });
    expect(wrongType.statusCode).toBe(415);
  });

  it("thanks a bot that fills the hidden field but keeps nothing", async () => {
    const response = await post({
      name: "Bot",
      email: "bot@spam.example",
      message: "Buy now",
      website: "http://spam.example",
    });
    expect(response.statusCode).toBe(201);
    expect(await storedMessages()).not.toContain("Buy now");
  });

  it("limits one address to 10 messages per 10 minutes", async () => {
    const address = "10.9.9.9";
    const payload = { name: "A", email: "a@b.in", message: "again" };
    for (let i = 0; i < 10; i++) expect((await post(payload, address)).statusCode).toBe(201);
    const refused = await post(payload, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(refused.json().message).toMatch(/Too many requests/);
    expect((await post(payload, "10.9.9.10")).statusCode).toBe(201);
  });
});
