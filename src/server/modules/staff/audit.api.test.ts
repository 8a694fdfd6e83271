import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUDIT_MESSAGES, AUDIT_PAGE, type AuditPage } from "../../../shared/contracts/audit.ts";
import { ACTIVITY_KINDS, activitySentence } from "../../../shared/rules/activity-sentence.ts";
import { shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { formatHarvestDay } from "../../../shared/rules/harvest-date.ts";
import type { StaffRole } from "../../../shared/rules/staff.ts";
import { auditLog } from "../../db/schema/index.ts";
import { signUpCustomer, TEST_ORIGIN } from "../../testing/customers.ts";
import { asStaff, auditOf, INVENTORY, productRow, testProduct } from "../../testing/inventory.ts";
import { seededMember, signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

describe.each(testDatabaseKinds)("the audit log's read side on %s", (kind) => {
  const context = useTestApp(kind);

  /** `count` entries by the role's member, or by `by`: a member who has since left, say. */
  async function record(
    role: StaffRole,
    count: number,
    action = "product.update",
    by?: { id: string; name: string },
  ) {
    const member = seededMember(role);
    const [row] = await context.database.db
      .select({ id: sql<string>`id` })
      .from(sql`staff_members`)
      .where(sql`username = ${member.username}`);
    const rows = Array.from({ length: count }, (_, index) => ({
      staffId: by?.id ?? row!.id,
      staffName: by?.name ?? member.name,
      role,
      action,
      targetType: "product",
      targetId: `${role}-${index}`,
      before: { pricePaise: 4000 + index },
      after: { pricePaise: 4500 + index },
      requestId: `req-${role}-${index}`,
    }));
    await context.database.db.insert(auditLog).values(rows);
  }

  async function page(role: StaffRole, cookie: string, query = "") {
    return context.app.inject({
      method: "GET",
      url: `/api/staff/${role}/audit${query}`,
      headers: { cookie },
    });
  }

  it("answers 401 without a session, 403 for a customer and for another dashboard's member", async () => {
    expect(
      (await context.app.inject({ method: "GET", url: "/api/staff/sales/audit" })).statusCode,
    ).toBe(401);
    const { cookie: customer } = await signUpCustomer(context.app);
    expect((await page("sales", customer)).statusCode).toBe(403);
    const inventory = await signInStaff(context.app, "inventory");
    for (const role of ["sales", "customer-relations"] as const) {
      const response = await page(role, inventory);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("This belongs to another staff member's dashboard.");
    }
  });

  it("pages through a dashboard's own entries, newest first, without repeats or gaps", async () => {
    await record("sales", 45);
    await record("inventory", 3);
    const cookie = await signInStaff(context.app, "sales");
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await page("sales", cookie, cursor ? `?cursor=${cursor}` : "");
      expect(response.statusCode).toBe(200);
      const body = response.json() as AuditPage;
      expect(body.entries.length).toBeLessThanOrEqual(AUDIT_PAGE.default);
      seen.push(...body.entries.map((entry) => entry.id));
      for (const entry of body.entries) expect(entry.role).toBe("sales");
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    const ids = seen.map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const first = (await page("sales", cookie, "?limit=1")).json() as AuditPage;
    expect(first.entries[0]).toMatchObject({
      staffName: seededMember("sales").name,
      action: "product.update",
      targetType: "product",
      targetId: "sales-44",
      before: { pricePaise: 4044 },
      after: { pricePaise: 4544 },
      requestId: "req-sales-44",
    });
    expect(new Date(first.entries[0]!.at).toISOString()).toBe(first.entries[0]!.at);
  });

  it("filters by action and refuses a malformed cursor, page size or action", async () => {
    await record("customer-relations", 2, "ticket.reply");
    await record("customer-relations", 3, "customer.note");
    const cookie = await signInStaff(context.app, "customer-relations");
    const replies = (await page("customer-relations", cookie, "?action=ticket.reply")).json();
    expect(replies.entries.map((entry: { action: string }) => entry.action)).toEqual([
      "ticket.reply",
      "ticket.reply",
    ]);
    for (const query of [
      "?cursor=abc",
      "?cursor=-1",
      "?limit=0",
      "?limit=500",
      "?action=DROP",
      "?extra=1",
    ]) {
      const response = await page("customer-relations", cookie, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBeTruthy();
    }
  });

  it("offers no way to edit or delete an entry, and the database refuses it too", async () => {
    await record("inventory", 1);
    const cookie = await signInStaff(context.app, "inventory");
    const [entry] = ((await page("inventory", cookie, "?limit=1")).json() as AuditPage).entries;
    for (const method of ["PUT", "PATCH", "DELETE", "POST"] as const) {
      for (const url of ["/api/staff/inventory/audit", `/api/staff/inventory/audit/${entry!.id}`]) {
        const response = await context.app.inject({
          method,
          url,
          headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
          payload: "{}",
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => "done",
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    const id = Number(entry!.id);
    const update = sql`update audit_log set action = 'x' where id = ${id}`;
    const remove = sql`delete from audit_log where id = ${id}`;
    expect(await refusal(context.database.db.execute(update))).toBe("audit_log is append-only");
    expect(await refusal(context.database.db.execute(remove))).toBe("audit_log is append-only");
    const still = ((await page("inventory", cookie, "?limit=1")).json() as AuditPage).entries[0];
    expect(still).toEqual(entry);
  });

  it("filters by member and by kind, on the server, and lists the members to choose from", async () => {
    const former = { id: "staff-former-inventory", name: "Bikash Sahu" };
    await record("inventory", 2, "stock.receive", former);
    await record("inventory", 1, "product.archive", former);
    await record("inventory", 2, "stock.write_off");
    const cookie = await signInStaff(context.app, "inventory");
    const actionsOf = async (query: string) => {
      const response = await page("inventory", cookie, query);
      expect(response.statusCode, query).toBe(200);
      return (response.json() as AuditPage).entries.map(
        (entry) => `${entry.staffName} ${entry.action}`,
      );
    };
    expect(await actionsOf(`?staff=${former.id}`)).toEqual([
      "Bikash Sahu product.archive",
      "Bikash Sahu stock.receive",
      "Bikash Sahu stock.receive",
    ]);
    const stock = await actionsOf("?kind=stock");
    expect(stock.length).toBeGreaterThanOrEqual(4);
    for (const line of stock) expect(line).toMatch(/ stock\./);
    expect(await actionsOf(`?kind=stock&staff=${former.id}`)).toEqual([
      "Bikash Sahu stock.receive",
      "Bikash Sahu stock.receive",
    ]);
    expect(await actionsOf(`?kind=account&staff=${former.id}`)).toEqual([]);

    const members = await context.app.inject({
      method: "GET",
      url: "/api/staff/inventory/audit/members",
      headers: { cookie },
    });
    expect(members.statusCode).toBe(200);
    expect(members.json()).toEqual({
      members: [former, { id: seededMember("inventory").id, name: seededMember("inventory").name }],
    });
    const sales = await signInStaff(context.app, "sales");
    const theirs = await context.app.inject({
      method: "GET",
      url: "/api/staff/inventory/audit/members",
      headers: { cookie: sales },
    });
    expect(theirs.statusCode).toBe(403);
  });

  it("refuses a kind of another dashboard or a malformed member, saying what to choose", async () => {
    const cookie = await signInStaff(context.app, "inventory");
    const labels = ACTIVITY_KINDS.inventory.map((kind) => kind.label);
    for (const query of ["?kind=tickets", "?kind=bulk", "?kind=STOCK"]) {
      const response = await page("inventory", cookie, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(`kind: ${AUDIT_MESSAGES.kindInvalid(labels)}`);
    }
    for (const query of ["?staff=Sasmita%20Das", "?staff=%27%3B--", `?staff=${"x".repeat(80)}`]) {
      const response = await page("inventory", cookie, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(`staff: ${AUDIT_MESSAGES.staffInvalid}`);
    }
  });

  it("writes nothing for a product saved unchanged, and a readable entry for a real edit", async () => {
    const id = `audit-noop-${process.pid}`;
    await testProduct(context, id, 0, { weighed: true });
    const staff = asStaff(context.app, await signInStaff(context.app, "inventory"));
    const url = `${INVENTORY}/products/${id}`;
    const opened = (await staff({ method: "GET", url })).json();
    const form = {
      name: opened.name,
      description: opened.description,
      category: opened.category,
      unit: opened.unit,
      pricePaise: opened.pricePaise,
      gstRateBps: opened.gstRateBps,
      hsnCode: opened.hsnCode,
      organic: opened.organic,
      local: opened.local,
      inSeason: opened.inSeason,
      featured: opened.featured,
      lowStockThreshold: opened.lowStockThreshold,
      step: opened.step,
      minimum: opened.minimum,
      version: opened.version,
    };
    const before = await productRow(context, id);
    for (let time = 0; time < 2; time++) {
      const same = await staff({ method: "PUT", url, payload: form });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toMatchObject({ version: opened.version, pricePaise: opened.pricePaise });
    }
    expect(await auditOf(context, id)).toEqual([]);
    expect((await productRow(context, id)).updatedAt).toEqual(before.updatedAt);

    const edited = await staff({ method: "PUT", url, payload: { ...form, pricePaise: 4500 } });
    expect(edited.json().version).toBe(opened.version + 1);
    // The form as first opened is stale now, changed or not.
    expect((await staff({ method: "PUT", url, payload: form })).statusCode).toBe(409);
    const harvestedOn = shopDate(new Date());
    const received = await staff({
      method: "POST",
      url: `${url}/movements`,
      payload: { kind: "receipt", quantity: 2500, supplier: "Khordha Organic Farm", harvestedOn },
    });
    expect(received.statusCode).toBe(201);

    const entries = (
      (
        await page("inventory", await signInStaff(context.app, "inventory"), "?limit=2")
      ).json() as AuditPage
    ).entries;
    const name = opened.name as string;
    expect(entries.map(activitySentence)).toEqual([
      {
        sentence: `Sasmita Das received 2.5 kg of ${name} from Khordha Organic Farm, harvested ${formatHarvestDay(harvestedOn)}`,
        details: [],
      },
      { sentence: `Sasmita Das edited ${name}`, details: ["Price: ₹40.00 → ₹45.00"] },
    ]);
  });
});
