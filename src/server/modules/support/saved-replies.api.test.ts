import { describe, expect, it } from "vitest";
import {
  SAVED_REPLIES_API,
  SAVED_REPLY_BODY_MAX,
  SAVED_REPLY_MESSAGES,
  SAVED_REPLY_TITLE_MAX,
  type SavedReply,
} from "../../../shared/contracts/saved-replies.ts";
import { signUpCustomer, TEST_ORIGIN } from "../../testing/customers.ts";
import { asStaff, auditOf } from "../../testing/inventory.ts";
import { seededMember, signInStaff } from "../../testing/staff.ts";
import { asRelations } from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

// The desk's saved replies: shared by Customer Relations, capped, each write audited; no one
// else may read or write them.
describe.each(testDatabaseKinds)("the desk's saved replies on %s", (kind) => {
  const ctx = useTestApp(kind);
  const relations = seededMember("customer-relations");
  const desk = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    (await asRelations(ctx))({ method, url, ...(payload ? { payload } : {}) });

  it("writes, lists by title, edits and deletes a saved reply, each write audited once", async () => {
    const created = await desk("POST", SAVED_REPLIES_API, {
      title: "  Zesty late delivery ",
      body: "Hi {name}, your order {order} is running late. Ticket {ticket}.",
    });
    expect(created.statusCode).toBe(201);
    const reply = created.json() as SavedReply;
    expect(reply).toMatchObject({
      title: "Zesty late delivery",
      body: "Hi {name}, your order {order} is running late. Ticket {ticket}.",
      updatedBy: relations.name,
    });
    const other = (
      await desk("POST", SAVED_REPLIES_API, { title: "apology", body: "Sorry!" })
    ).json() as SavedReply;
    const listed = (await desk("GET", SAVED_REPLIES_API)).json().replies as SavedReply[];
    const titles = listed.map((entry) => entry.title);
    expect(titles.indexOf("apology")).toBeLessThan(titles.indexOf("Zesty late delivery"));

    const url = `${SAVED_REPLIES_API}/${reply.id}`;
    const edited = await desk("PUT", url, { title: "Running late", body: reply.body });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().title).toBe("Running late");
    // Saved again unchanged: nothing written, nothing recorded.
    const same = await desk("PUT", url, { title: "Running late", body: reply.body });
    expect(same.statusCode).toBe(200);
    expect((await desk("DELETE", url)).statusCode).toBe(204);
    expect((await desk("DELETE", url)).statusCode).toBe(404);
    const gone = await desk("PUT", url, { title: "Back", body: "Again" });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(SAVED_REPLY_MESSAGES.notFound);

    const audit = await auditOf(ctx, String(reply.id));
    expect(
      audit
        .filter((entry) => entry.action.startsWith("saved_reply."))
        .map((entry) => [entry.action, entry.before, entry.after]),
    ).toEqual([
      ["saved_reply.create", null, { title: "Zesty late delivery" }],
      [
        "saved_reply.update",
        { title: "Zesty late delivery" },
        { title: "Running late", bodyChanged: false },
      ],
      ["saved_reply.delete", { title: "Running late" }, null],
    ]);
    expect((await desk("DELETE", `${SAVED_REPLIES_API}/${other.id}`)).statusCode).toBe(204);
  });

  it("caps the title and the text, and gives each bad input a clear 400", async () => {
    const cases: [object, string][] = [
      [{ title: " ", body: "Text" }, SAVED_REPLY_MESSAGES.noTitle],
      [
        { title: "x".repeat(SAVED_REPLY_TITLE_MAX + 1), body: "Text" },
        SAVED_REPLY_MESSAGES.titleTooLong,
      ],
      [{ title: "Title", body: "" }, SAVED_REPLY_MESSAGES.noBody],
      [
        { title: "Title", body: "y".repeat(SAVED_REPLY_BODY_MAX + 1) },
        SAVED_REPLY_MESSAGES.bodyTooLong,
      ],
      [{ title: "Title", body: "Text", updatedBy: "Someone" }, "Unknown field: updatedBy"],
    ];
    for (const [payload, message] of cases) {
      const response = await desk("POST", SAVED_REPLIES_API, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().issues[0].message).toBe(message);
    }
    const fits = await desk("POST", SAVED_REPLIES_API, {
      title: "x".repeat(SAVED_REPLY_TITLE_MAX),
      body: "y".repeat(SAVED_REPLY_BODY_MAX),
    });
    expect(fits.statusCode).toBe(201);
    for (const id of ["abc", "0", "1.5", "99999999999"]) {
      const response = await desk("PUT", `${SAVED_REPLIES_API}/${id}`, { title: "T", body: "B" });
      expect(response.statusCode, id).toBe(400);
    }
  });

  it("is the desk's only: 401 without a session, 403 for a customer or another dashboard", async () => {
    const attempts = [
      { method: "GET" as const, url: SAVED_REPLIES_API },
      { method: "POST" as const, url: SAVED_REPLIES_API, payload: { title: "T", body: "B" } },
      { method: "PUT" as const, url: `${SAVED_REPLIES_API}/1`, payload: { title: "T", body: "B" } },
      { method: "DELETE" as const, url: `${SAVED_REPLIES_API}/1` },
    ];
    const sales = asStaff(ctx.app, await signInStaff(ctx.app, "sales"));
    const customer = await signUpCustomer(ctx.app);
    for (const attempt of attempts) {
      const anonymous = await ctx.app.inject({ ...attempt, headers: { origin: TEST_ORIGIN } });
      expect(anonymous.statusCode, `${attempt.method} anonymous`).toBe(401);
      expect((await sales(attempt)).statusCode, `${attempt.method} sales`).toBe(403);
      const shopper = await ctx.app.inject({
        ...attempt,
        headers: { origin: TEST_ORIGIN, cookie: customer.cookie },
      });
      expect(shopper.statusCode, `${attempt.method} customer`).toBe(403);
    }
  });
});
