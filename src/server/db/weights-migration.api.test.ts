import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lineAmountPaise } from "../../shared/rules/measure.ts";
import { createTestDatabase, testDatabaseKinds } from "../testing/test-app.ts";
import { type DatabaseHandle, rowsOf } from "./client.ts";

// A store that ran before weights (migration 0034) holds kilos, "500g" and "100g" packets and a
// "Bunch" spelt twice. Migrated, it must hold the same goods and the same money in grams, and its
// rolled-up days their cost (migration 0035).
const MIGRATIONS = fileURLToPath(new URL("./migrations", import.meta.url));
const LAST_BEFORE_WEIGHTS = "0033_stock_lots";

type JournalEntry = { tag: string };

/** A copy of the migrations folder that stops at `lastTag`. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "fhh-migrations-"));
  await mkdir(path.join(folder, "meta"));
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS, "meta/_journal.json"), "utf8"));
  const last = journal.entries.findIndex((entry: JournalEntry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const entries = journal.entries.slice(0, last + 1) as JournalEntry[];
  await writeFile(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) {
    await copyFile(path.join(MIGRATIONS, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return folder;
}

const migrateTo = (handle: DatabaseHandle, folder: string) =>
  handle.kind === "pglite"
    ? migratePglite(handle.db as never, { migrationsFolder: folder })
    : migratePg(handle.db as never, { migrationsFolder: folder });

// Written as the store wrote them before weights: quantities in units of the product's unit,
// prices and costs per unit, the lots opened by the ledger's trigger.
const BEFORE_WEIGHTS = `
insert into categories (id, name, description, image) values ('veg', 'Vegetables', '', '');
insert into products (id, name, category_id, price_paise, unit, image, description, hsn_code, stock, low_stock_threshold) values
  ('tomatoes', 'Tomatoes', 'veg', 4000, 'kg', '', '', '0702', 0, 5),
  ('paneer', 'Paneer', 'veg', 12000, '500g', '', '', '0406', 0, 2),
  ('saffron', 'Saffron', 'veg', 9900, '100g', '', '', '0910', 0, 1),
  ('coriander', 'Coriander', 'veg', 1000, 'Bunch', '', '', '0709', 0, 3);
insert into stock_movements (id, product_id, kind, quantity, stock_after, unit_cost_paise, supplier, harvested_on) values
  (1, 'tomatoes', 'receipt', 12, 12, 2500, 'Khordha Organic Farm', '2026-11-27'),
  (2, 'paneer', 'receipt', 4, 4, 9000, 'Dhauli Dairy', '2026-11-28'),
  (3, 'saffron', 'receipt', 3, 3, 7000, 'Pampore', '2026-11-01'),
  (4, 'coriander', 'receipt', 10, 10, 400, 'Khordha Organic Farm', '2026-11-28');
insert into orders (id, order_number, payment_status, payment_method, first_name, last_name, email, phone, address, city, state, pincode, notes, subtotal_paise, gst_paise, delivery_fee_paise, total_paise, browser_key_hash)
  values (1, 'FHH-20261128-0001', 'pending', 'cod', 'Asha', 'Das', 'asha@example.com', '9876543210', '1 Lane', 'Bhubaneswar', 'Odisha', '751001', '', 23000, 0, 0, 23000, 'x');
insert into order_lines (id, order_id, product_id, name, unit, hsn_code, unit_price_paise, quantity, ordered_quantity, gst_rate_bps, taxable_paise, gst_paise) values
  (1, 1, 'tomatoes', 'Tomatoes', 'kg', '0702', 4000, 2, 2, 0, 8000, 0),
  (2, 1, 'paneer', 'Paneer', '500g', '0406', 12000, 1, 1, 0, 12000, 0),
  (3, 1, 'coriander', 'Coriander', 'Bunch', '0709', 1000, 3, 3, 0, 3000, 0);
insert into stock_movements (id, product_id, kind, quantity, stock_after, order_id) values
  (5, 'tomatoes', 'sale', -2, 10, 1),
  (6, 'paneer', 'sale', -1, 3, 1),
  (7, 'coriander', 'sale', -3, 7, 1);
insert into daily_product_sales (day, product_id, units, revenue_paise) values
  ((now() at time zone 'Asia/Kolkata')::date, 'tomatoes', 2, 8000),
  ((now() at time zone 'Asia/Kolkata')::date, 'paneer', 1, 12000),
  ((now() at time zone 'Asia/Kolkata')::date, 'coriander', 3, 3000);
update products set stock = case id when 'tomatoes' then 10 when 'paneer' then 3 when 'saffron' then 3 else 7 end;
insert into users (id, name, email) values ('u1', 'Asha Das', 'asha@example.com');
insert into cart_items (customer_id, product_id, quantity) values ('u1', 'tomatoes', 3), ('u1', 'saffron', 2), ('u1', 'coriander', 1);
insert into credit_notes (id, number, order_id, invoice_number, invoiced_at, reason, lines, taxable_paise, gst_paise, delivery_fee_paise, total_paise)
  values (1, 'FHH-CN-0001', 1, 'FHH-INV-0001', now(), 'Returned',
    '[{"name": "Paneer", "unit": "500g", "quantity": 1, "unitPricePaise": 12000, "taxablePaise": 12000}, {"name": "Coriander", "unit": "Bunch", "quantity": 1, "unitPricePaise": 1000, "taxablePaise": 1000}]',
    13000, 0, 0, 13000);
`;

type Row = Record<string, unknown>;

describe.each(testDatabaseKinds)("the weights migration on %s", (kind) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<unknown>;
  let folder: string;
  const rows = async (query: string) => rowsOf<Row>(await handle.db.execute(sql.raw(query)));

  beforeAll(async () => {
    ({ handle, drop } = await createTestDatabase(kind, { empty: true }));
    folder = await migrationsUpTo(LAST_BEFORE_WEIGHTS);
    await migrateTo(handle, folder);
    for (const statement of BEFORE_WEIGHTS.split(";\n").filter((text) => text.trim())) {
      await handle.db.execute(sql.raw(statement));
    }
    await handle.migrate();
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    await drop?.();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("turns kilos and packets into grams priced per kilogram, with steps", async () => {
    expect(
      await rows(
        "select id, unit, price_paise, stock, low_stock_threshold, step, minimum from products order by id",
      ),
    ).toEqual([
      {
        id: "coriander",
        unit: "bunch",
        price_paise: 1000,
        stock: 7,
        low_stock_threshold: 3,
        step: 1,
        minimum: 1,
      },
      {
        id: "paneer",
        unit: "kg",
        price_paise: 24000,
        stock: 1500,
        low_stock_threshold: 1000,
        step: 500,
        minimum: 500,
      },
      {
        id: "saffron",
        unit: "kg",
        price_paise: 99000,
        stock: 300,
        low_stock_threshold: 100,
        step: 100,
        minimum: 100,
      },
      {
        id: "tomatoes",
        unit: "kg",
        price_paise: 4000,
        stock: 10000,
        low_stock_threshold: 5000,
        step: 250,
        minimum: 250,
      },
    ]);
  });

  it("keeps every order line's money while its quantity turns into grams", async () => {
    const lines = await rows(
      "select id, unit, unit_price_paise, quantity, ordered_quantity, taxable_paise from order_lines order by id",
    );
    expect(lines).toEqual([
      {
        id: 1,
        unit: "kg",
        unit_price_paise: 4000,
        quantity: 2000,
        ordered_quantity: 2000,
        taxable_paise: 8000,
      },
      {
        id: 2,
        unit: "kg",
        unit_price_paise: 24000,
        quantity: 500,
        ordered_quantity: 500,
        taxable_paise: 12000,
      },
      {
        id: 3,
        unit: "bunch",
        unit_price_paise: 1000,
        quantity: 3,
        ordered_quantity: 3,
        taxable_paise: 3000,
      },
    ]);
    for (const line of lines) {
      expect(
        lineAmountPaise(Number(line.unit_price_paise), Number(line.quantity), String(line.unit)),
      ).toBe(line.taxable_paise);
    }
  });

  it("restates the ledger, the lots and what each lot gave in grams, costs per kilogram", async () => {
    expect(
      await rows(
        "select id::integer as id, quantity, stock_after, unit_cost_paise from stock_movements order by id",
      ),
    ).toEqual([
      { id: 1, quantity: 12000, stock_after: 12000, unit_cost_paise: 2500 },
      { id: 2, quantity: 2000, stock_after: 2000, unit_cost_paise: 18000 },
      { id: 3, quantity: 300, stock_after: 300, unit_cost_paise: 70000 },
      { id: 4, quantity: 10, stock_after: 10, unit_cost_paise: 400 },
      { id: 5, quantity: -2000, stock_after: 10000, unit_cost_paise: null },
      { id: 6, quantity: -500, stock_after: 1500, unit_cost_paise: null },
      { id: 7, quantity: -3, stock_after: 7, unit_cost_paise: null },
    ]);
    expect(
      await rows(
        "select product_id, received, remaining, unit_cost_paise from stock_lots order by product_id",
      ),
    ).toEqual([
      { product_id: "coriander", received: 10, remaining: 7, unit_cost_paise: 400 },
      { product_id: "paneer", received: 2000, remaining: 1500, unit_cost_paise: 18000 },
      { product_id: "saffron", received: 300, remaining: 300, unit_cost_paise: 70000 },
      { product_id: "tomatoes", received: 12000, remaining: 10000, unit_cost_paise: 2500 },
    ]);
    expect(
      await rows("select product_id, quantity from stock_lot_moves order by product_id, quantity"),
    ).toEqual([
      { product_id: "coriander", quantity: -3 },
      { product_id: "coriander", quantity: 10 },
      { product_id: "paneer", quantity: -500 },
      { product_id: "paneer", quantity: 2000 },
      { product_id: "saffron", quantity: 300 },
      { product_id: "tomatoes", quantity: -2000 },
      { product_id: "tomatoes", quantity: 12000 },
    ]);
  });

  it("gives the days already rolled up the cost of what their orders took from the lots", async () => {
    expect(
      await rows(
        "select product_id, units, revenue_paise, cost_paise::text as cost, uncosted_items::text as uncosted from daily_product_sales order by product_id",
      ),
    ).toEqual([
      {
        product_id: "coriander",
        units: 3,
        revenue_paise: 3000,
        cost: "1200.000",
        uncosted: "0.000",
      },
      {
        product_id: "paneer",
        units: 500,
        revenue_paise: 12000,
        cost: "9000.000",
        uncosted: "0.000",
      },
      {
        product_id: "tomatoes",
        units: 2000,
        revenue_paise: 8000,
        cost: "5000.000",
        uncosted: "0.000",
      },
    ]);
  });

  it("turns carts and credit notes into grams too", async () => {
    expect(await rows("select product_id, quantity from cart_items order by product_id")).toEqual([
      { product_id: "coriander", quantity: 1 },
      { product_id: "saffron", quantity: 200 },
      { product_id: "tomatoes", quantity: 3000 },
    ]);
    const [note] = await rows("select lines from credit_notes");
    expect(note!.lines).toEqual([
      { name: "Paneer", unit: "kg", quantity: 500, unitPricePaise: 24000, taxablePaise: 12000 },
      { name: "Coriander", unit: "Bunch", quantity: 1, unitPricePaise: 1000, taxablePaise: 1000 },
    ]);
  });

  it("leaves the ledger and the credit notes append-only again", async () => {
    await expect(rows("update stock_movements set quantity = 1 where id = 1")).rejects.toThrow();
    await expect(rows("update credit_notes set reason = 'x'")).rejects.toThrow();
    await expect(rows("delete from stock_movements where id = 7")).rejects.toThrow();
  });
});
