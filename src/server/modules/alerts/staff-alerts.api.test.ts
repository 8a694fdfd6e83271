import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { STAFF_ALERTS_PATH, type StaffAlerts } from "../../../shared/contracts/staff-alerts.ts";
import { rowsOf } from "../../db/client.ts";
import { requesterCalls } from "../../testing/bulk-orders.ts";
import { asStaff, setShelf, testProduct } from "../../testing/inventory.ts";
import { drawnText } from "../../testing/outbox-mail.ts";
import { placeTestOrder, salesManager } from "../../testing/sales.ts";
import { signInStaff } from "../../testing/staff.ts";
import { fileTicket } from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { sendAlertDigests } from "./alert-digests.ts";

const MINUTE = 60_000;

describe.each(testDatabaseKinds)("staff alerts on %s", (kind) => {
  const ctx = useTestApp(kind);
  let product: string;
  let manager: Awaited<ReturnType<typeof salesManager>>;

  beforeAll(async () => {
    product = `alerts-${process.pid}`;
    await testProduct(ctx, product, 100);
    manager = await salesManager(ctx.app);
  });

  const alertsAs = async (role: "sales" | "customer-relations" | "inventory") => {
    const response = await asStaff(
      ctx.app,
      await signInStaff(ctx.app, role),
    )({
      method: "GET",
      url: STAFF_ALERTS_PATH,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as StaffAlerts;
  };
  const digestsTo = async (role: string) =>
    rowsOf<{
      subject: string;
      template: string | null;
      data: unknown;
      text_body: string | null;
      html_body: string | null;
    }>(
      await ctx.database.db.execute(sql`
        select m.subject, m.template, m.data, m.text_body, m.html_body from mail_outbox m
        join staff_members s on s.email = m.to_address
        where s.role = ${role} and m.subject like '%need%you on the%' order by m.id`),
    ).map((row) => ({ subject: row.subject, text_body: drawnText(row) }));
  const forgetPresence = () => ctx.database.db.execute(sql`delete from staff_presence`);

  it("gives each dashboard what waits for it: new and late orders, tickets near their promise, bulk requests", async () => {
    const fresh = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    const late = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    await manager.bringTo(late.orderNumber, "confirmed");
    await ctx.database.db.execute(sql`
      update orders set placed_at = now() - interval '45 minutes'
      where order_number = ${late.orderNumber}`);
    const sales = await alertsAs("sales");
    expect(sales.alerts).toContainEqual(
      expect.objectContaining({ key: `order:${fresh.orderNumber}:new`, kind: "new_order" }),
    );
    expect(sales.alerts).toContainEqual(
      expect.objectContaining({
        key: `order:${late.orderNumber}:at-risk`,
        text: expect.stringContaining("at risk of being late"),
      }),
    );
    expect(sales.alerts.some((alert) => alert.key === `order:${late.orderNumber}:new`)).toBe(false);
    expect(sales.waiting).toBeGreaterThanOrEqual(2);

    const { reference } = await fileTicket(ctx);
    const before = await alertsAs("customer-relations");
    expect(before.alerts.some((alert) => alert.key === `ticket:${reference}:due`)).toBe(false);
    await ctx.database.db.execute(sql`
      update support_tickets set reply_due_at = now() + interval '1 hour'
      where reference = ${reference}`);
    const relations = await alertsAs("customer-relations");
    expect(relations.alerts).toContainEqual(
      expect.objectContaining({ key: `ticket:${reference}:due`, kind: "ticket_due_soon" }),
    );
    expect(relations.waiting).toBeGreaterThanOrEqual(1);

    const { ticketId } = await requesterCalls(ctx).submitted();
    const withBulk = await alertsAs("customer-relations");
    expect(withBulk.alerts).toContainEqual(
      expect.objectContaining({ key: `bulk:${ticketId}:new`, kind: "new_bulk_request" }),
    );
    expect(withBulk.waiting).toBe(relations.waiting + 1);

    await setShelf(ctx, product, 0);
    expect((await alertsAs("inventory")).waiting).toBeGreaterThanOrEqual(1);
    await setShelf(ctx, product, 100);
  });

  it("mails the member on duty what came in while no dashboard of theirs was open, once each, at most every 15 minutes", async () => {
    await forgetPresence();
    const first = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    const now = new Date();
    expect(await sendAlertDigests(ctx.database.db, "https://shop.example", now)).toContain("sales");
    const digests = await digestsTo("sales");
    expect(digests.at(-1)!.text_body).toContain(first.orderNumber);
    const count = digests.length;

    // Again at once, and with something new: nothing until 15 minutes have passed.
    const second = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    expect(
      await sendAlertDigests(
        ctx.database.db,
        "https://shop.example",
        new Date(now.getTime() + MINUTE),
      ),
    ).not.toContain("sales");
    expect(await digestsTo("sales")).toHaveLength(count);

    const later = new Date(now.getTime() + 16 * MINUTE);
    expect(await sendAlertDigests(ctx.database.db, "https://shop.example", later)).toContain(
      "sales",
    );
    const latest = (await digestsTo("sales")).at(-1)!;
    expect(latest.text_body).toContain(second.orderNumber);
    expect(latest.text_body).not.toContain(`New order ${first.orderNumber}`);
  });

  it("sends nothing while a dashboard of the role is open", async () => {
    await forgetPresence();
    await alertsAs("sales");
    await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    const count = (await digestsTo("sales")).length;
    const inAnHour = new Date(Date.now() + 60 * MINUTE);
    // Five minutes after the dashboard asked: still open.
    expect(
      await sendAlertDigests(
        ctx.database.db,
        "https://shop.example",
        new Date(Date.now() + 5 * MINUTE),
      ),
    ).not.toContain("sales");
    expect(await digestsTo("sales")).toHaveLength(count);
    expect(await sendAlertDigests(ctx.database.db, "https://shop.example", inAnHour)).toContain(
      "sales",
    );
  });

  it("answers only a signed-in member", async () => {
    expect((await ctx.app.inject({ method: "GET", url: STAFF_ALERTS_PATH })).statusCode).toBe(401);
  });
});
