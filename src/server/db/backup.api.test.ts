import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type StoreApp } from "../app.ts";
import { BACKUP_PATH, BACKUP_TOKEN_HEADER } from "../modules/backup/backup-routes.ts";
import { placeShopOrder, testProduct } from "../testing/inventory.ts";
import { openSeededPglite, testConfig } from "../testing/test-app.ts";
import { restoreBackup } from "./backup.ts";
import { type DatabaseHandle, openDatabase, rowsOf } from "./client.ts";

const STOCK = 1000;

describe("backing up the embedded database while it takes orders", () => {
  let dir: string;
  let database: DatabaseHandle;
  let app: StoreApp;
  const products: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "fhh-backup-"));
    database = await openSeededPglite(path.join(dir, "data"));
    // A product photo, kept in the data folder beside the database.
    await mkdir(path.join(dir, "data", "photos"), { recursive: true });
    await writeFile(path.join(dir, "data", "photos", "backup-0.webp"), "photo bytes");
    app = await buildApp({
      config: testConfig(),
      database,
      logger: false,
    });
    await app.ready();
    for (let i = 0; i < 3; i++) {
      products.push(`backup-${i}`);
      await testProduct({ app, database }, `backup-${i}`, STOCK);
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const backUp = (headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
    app.inject({ method: "POST", url: BACKUP_PATH, headers, remoteAddress });
  const place = (index: number) =>
    placeShopOrder(app, [
      { productId: products[index % 3]!, quantity: 1 + (index % 3) },
      { productId: products[(index + 1) % 3]!, quantity: 1 },
    ]);

  it("takes a copy that restores to a consistent store: every order whole, stock + sold = stock", async () => {
    const placing = Array.from({ length: 40 }, (_, index) => place(index));
    const taken = backUp({ [BACKUP_TOKEN_HEADER]: app.backupToken });
    const [backup, ...answers] = await Promise.all([taken, ...placing]);
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    expect(backup.statusCode).toBe(200);
    expect(backup.headers["content-type"]).toBe("application/gzip");
    const acknowledged = new Set(answers.map((answer) => answer.json().orderNumber as string));

    const restoredDir = path.join(dir, "restored");
    const restored = await restoreBackup(new Uint8Array(backup.rawPayload), restoredDir);
    expect(restored.movedAside).toBeUndefined();
    const copy = await openDatabase({ dataDir: restoredDir });
    try {
      const orders = rowsOf<{ order_number: string; lines: number; payments: number }>(
        await copy.db.execute(sql`
          select o.order_number,
            (select count(*)::int from order_lines l where l.order_id = o.id) as lines,
            (select count(*)::int from payments p where p.order_id = o.id) as payments
          from orders o where o.email like '%@example.in'`),
      );
      expect(orders.length).toBe(restored.orders);
      for (const order of orders) {
        expect(acknowledged.has(order.order_number)).toBe(true);
        expect(order.lines).toBe(2);
        expect(order.payments).toBe(1);
      }
      const stock = rowsOf<{ id: string; stock: number; sold: number }>(
        await copy.db.execute(sql`
          select p.id, p.stock, coalesce((select sum(l.quantity)::int from order_lines l
            join orders o on o.id = l.order_id where l.product_id = p.id and o.status <> 'cancelled'), 0) as sold
          from products p where p.id like 'backup-%'`),
      );
      expect(stock).toHaveLength(3);
      for (const product of stock) expect(product.stock + product.sold).toBe(STOCK);
      // Each order's confirmation email came back with it.
      const [mail] = rowsOf<{ orders_without_mail: number }>(
        await copy.db.execute(sql`
          select count(*)::int as orders_without_mail from orders o
          where o.email like '%@example.in'
            and not exists (select 1 from mail_outbox m where m.to_address = o.email)`),
      );
      expect(mail?.orders_without_mail).toBe(0);
    } finally {
      await copy.close();
    }
    expect(await readFile(path.join(restoredDir, "photos", "backup-0.webp"), "utf8")).toBe(
      "photo bytes",
    );

    // Restoring over a folder keeps the folder that was there.
    const again = await restoreBackup(new Uint8Array(backup.rawPayload), restoredDir);
    expect(again.movedAside).toMatch(/restored\.before-restore-/);
  });

  it("gives the copy to nobody but the command on this machine holding the running store's token", async () => {
    expect((await backUp({})).statusCode).toBe(404);
    expect((await backUp({ [BACKUP_TOKEN_HEADER]: `${app.backupToken}x` })).statusCode).toBe(404);
    expect(
      (await backUp({ [BACKUP_TOKEN_HEADER]: app.backupToken }, "203.0.113.9")).statusCode,
    ).toBe(404);
    const proxied = await backUp({
      [BACKUP_TOKEN_HEADER]: app.backupToken,
      "x-forwarded-for": "203.0.113.9",
    });
    expect(proxied.statusCode).toBe(404);
  });
});
