import { count } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  SAVED_VIEW_LIMITS,
  SAVED_VIEW_MESSAGES,
  type SavedView,
  savedViewsPath,
} from "../../../shared/contracts/saved-views.ts";
import type { StaffRole } from "../../../shared/rules/staff.ts";
import { freshAddress, signUpCustomer, TEST_ORIGIN } from "../../testing/customers.ts";
import { signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { auditLog, staffSavedViews } from "./schema.ts";

type Method = "GET" | "PUT" | "DELETE";

describe.each(testDatabaseKinds)("a member's saved views on %s", (kind) => {
  const ctx = useTestApp(kind);
  const send = (method: Method, url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie && { cookie }) },
      remoteAddress: freshAddress(),
      ...(payload !== undefined && { payload }),
    });
  const as = (role: StaffRole) => signInStaff(ctx.app, role);
  const list = async (role: StaffRole) => {
    const response = await send("GET", savedViewsPath(role), await as(role));
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    return response.json().views as SavedView[];
  };
  const save = async (role: StaffRole, view: object) =>
    send("PUT", savedViewsPath(role), await as(role), view);
  const saved = async (role: StaffRole, view: object) => {
    const response = await save(role, view);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().views as SavedView[];
  };
  const remove = async (role: StaffRole, id: number, cookie?: string) =>
    send("DELETE", `${savedViewsPath(role)}/${id}`, cookie ?? (await as(role)));
  const brief = (views: SavedView[]) => views.map(({ name, query }) => [name, query]);

  beforeEach(async () => {
    await ctx.database.db.delete(staffSavedViews);
  });

  it("saves, lists by name, replaces a view of the same name, and deletes", async () => {
    expect(await list("sales")).toEqual([]);
    await saved("sales", { name: "  Late cash orders ", query: "?payment=cash&late=1" });
    const views = await saved("sales", { name: "Event orders", query: "status=all&kind=event" });
    expect(brief(views)).toEqual([
      ["Event orders", "status=all&kind=event"],
      ["Late cash orders", "payment=cash&late=1"],
    ]);
    const late = views.find((view) => view.name === "Late cash orders")!;
    expect(late.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // The same name in another case replaces the view, keeping its id.
    const replaced = await saved("sales", { name: "late CASH orders", query: "payment=cash" });
    expect(brief(replaced)).toEqual([
      ["Event orders", "status=all&kind=event"],
      ["late CASH orders", "payment=cash"],
    ]);
    expect(replaced.find((view) => view.name === "late CASH orders")!.id).toBe(late.id);
    expect(brief(await list("sales"))).toEqual(brief(replaced));

    const deleted = await remove("sales", late.id);
    expect(deleted.statusCode).toBe(200);
    expect(brief(deleted.json().views)).toEqual([["Event orders", "status=all&kind=event"]]);
    const again = await remove("sales", late.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(SAVED_VIEW_MESSAGES.notFound);
  });

  it("keeps each dashboard's views apart, and the default view is a view too", async () => {
    await saved("sales", { name: "Open orders", query: "" });
    await saved("inventory", { name: "Low stock", query: "low=1&sort=cover" });
    expect(brief(await list("sales"))).toEqual([["Open orders", ""]]);
    expect(brief(await list("inventory"))).toEqual([["Low stock", "low=1&sort=cover"]]);
    expect(await list("customer-relations")).toEqual([]);
  });

  it(`keeps at most ${SAVED_VIEW_LIMITS.perDashboard} views per dashboard; replacing one still works`, async () => {
    for (let n = 1; n <= SAVED_VIEW_LIMITS.perDashboard; n++) {
      await saved("inventory", { name: `View ${n}`, query: `q=${n}` });
    }
    const more = await save("inventory", { name: "One more", query: "low=1" });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(SAVED_VIEW_MESSAGES.tooMany);
    expect(await list("inventory")).toHaveLength(SAVED_VIEW_LIMITS.perDashboard);
    const replaced = await saved("inventory", { name: "view 1", query: "low=1" });
    expect(replaced).toHaveLength(SAVED_VIEW_LIMITS.perDashboard);
    // Another dashboard has its own room.
    expect(await saved("sales", { name: "Late", query: "late=1" })).toHaveLength(1);
  });

  it("refuses a bad name or query with a clear message, saving nothing", async () => {
    const cases: [object, string][] = [
      [{ name: "   ", query: "" }, SAVED_VIEW_MESSAGES.nameRequired],
      [
        { name: "x".repeat(SAVED_VIEW_LIMITS.name + 1), query: "" },
        SAVED_VIEW_MESSAGES.nameTooLong,
      ],
      [{ name: "Orders", query: "order=FHH-123456" }, SAVED_VIEW_MESSAGES.unknownKey("order")],
      [{ name: "Orders", query: "sort=name" }, SAVED_VIEW_MESSAGES.unknownKey("sort")],
      [{ name: "Orders", query: "late=1&late=1" }, SAVED_VIEW_MESSAGES.repeatedKey("late")],
      [{ name: "Orders", query: `q=${"a".repeat(101)}` }, SAVED_VIEW_MESSAGES.valueTooLong],
      [{ name: "Orders", query: "q=a&".repeat(200) }, SAVED_VIEW_MESSAGES.queryTooLong],
    ];
    for (const [view, message] of cases) {
      const response = await save("sales", view);
      expect(response.statusCode, JSON.stringify(view)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    for (const view of [{ name: "No query" }, { name: "Extra", query: "", owner: "x" }, {}]) {
      expect((await save("sales", view)).statusCode).toBe(400);
    }
    // The desk's address has no sort; the table's has.
    const desk = await save("customer-relations", { name: "Sorted", query: "sort=name" });
    expect(desk.statusCode).toBe(400);
    expect((await save("inventory", { name: "Sorted", query: "sort=name" })).statusCode).toBe(200);
    expect(await list("sales")).toEqual([]);
    const badId = await send("DELETE", `${savedViewsPath("sales")}/abc`, await as("sales"));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain(SAVED_VIEW_MESSAGES.id);
  });

  it("lets no one else near a member's views: 401, 403, and another member's id is unknown", async () => {
    const [view] = await saved("inventory", { name: "Low stock", query: "low=1" });
    const url = savedViewsPath("inventory");

    expect((await send("GET", url)).statusCode).toBe(401);
    expect((await send("PUT", url, undefined, { name: "Mine", query: "" })).statusCode).toBe(401);
    expect((await send("DELETE", `${url}/${view!.id}`)).statusCode).toBe(401);

    const sales = await as("sales");
    const { cookie: customer } = await signUpCustomer(ctx.app);
    for (const cookie of [sales, customer]) {
      expect((await send("GET", url, cookie)).statusCode).toBe(403);
      expect((await send("PUT", url, cookie, { name: "Mine", query: "" })).statusCode).toBe(403);
      expect((await send("DELETE", `${url}/${view!.id}`, cookie)).statusCode).toBe(403);
    }
    // Through their own dashboard's API, the inventory manager's view is not the sales manager's.
    const theirs = await remove("sales", view!.id, sales);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(SAVED_VIEW_MESSAGES.notFound);
    expect(await list("inventory")).toHaveLength(1);
  });

  it("saves no audit entry: a view is the member's preference, not the shop's data", async () => {
    const entries = async () => (await ctx.database.db.select({ n: count() }).from(auditLog))[0]!.n;
    const before = await entries();
    const [view] = await saved("sales", { name: "Late", query: "late=1" });
    await remove("sales", view!.id);
    expect(await entries()).toBe(before);
  });
});
