// A module's tables are written by that module only: another module composes the owner's SQL
// fragment into its own statement, or calls the owner's function with its transaction. Reading
// (selects, joins) through the owner's schema.ts is fine; this looks for writes only.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const modulesDir = import.meta.dirname;

/** Table name (the Drizzle export and the SQL name) -> the module whose schema.ts declares it. */
function tableOwners(schemas: Record<string, string>): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [module, text] of Object.entries(schemas)) {
    for (const [, exported, sqlName] of text.matchAll(
      /export const (\w+) = pgTable\(\s*"(\w+)"/g,
    )) {
      owners.set(exported as string, module);
      owners.set(sqlName as string, module);
    }
  }
  return owners;
}

/** Comments name tables freely; only code writes them. */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");

/** The tables a source file writes: Drizzle's insert/update/delete, and raw SQL. */
function tablesWritten(text: string, owners: Map<string, string>): string[] {
  const code = withoutComments(text);
  const found = new Set<string>();
  const patterns = [
    /\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g,
    /\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi,
    /\b(?:insert\s+into|update|delete\s+from)\s+\$\{\s*(\w+)\s*\}/gi,
  ];
  for (const pattern of patterns) {
    for (const [, name] of code.matchAll(pattern)) {
      if (owners.has(name as string)) found.add(name as string);
    }
  }
  return [...found];
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full;
  }
}

describe("table owners", () => {
  const modules = readdirSync(modulesDir).filter((name) =>
    statSync(path.join(modulesDir, name)).isDirectory(),
  );
  const schemas = Object.fromEntries(
    modules
      .filter((module) => {
        try {
          return statSync(path.join(modulesDir, module, "schema.ts")).isFile();
        } catch {
          return false;
        }
      })
      .map((module) => [module, readFileSync(path.join(modulesDir, module, "schema.ts"), "utf8")]),
  );
  const owners = tableOwners(schemas);

  it("finds writes in each of their spellings, and not in comments or reads", () => {
    const known = tableOwners({
      orders: 'export const orders = pgTable(\n  "orders", {});',
      mail: 'export const mailOutbox = pgTable("mail_outbox", {});',
    });
    expect(tablesWritten("await tx.update(orders).set({ status })", known)).toEqual(["orders"]);
    expect(tablesWritten("db.insert( mailOutbox ).values(row)", known)).toEqual(["mailOutbox"]);
    expect(tablesWritten("sql`INSERT INTO mail_outbox (to_address)`", known)).toEqual([
      "mail_outbox",
    ]);
    expect(tablesWritten('sql`delete from "orders" where id = 1`', known)).toEqual(["orders"]);
    expect(tablesWritten("sql`update\n  orders o set status = 'packed'`", known)).toEqual([
      "orders",
    ]);
    // The source text of an interpolated table, as it stands in a file.
    expect(tablesWritten("sql`insert into $" + "{mailOutbox} (to_address)`", known)).toEqual([
      "mailOutbox",
    ]);
    expect(
      tablesWritten(
        "// update orders here\n/* insert into mail_outbox */\nsql`select * from orders for update of orders`",
        known,
      ),
    ).toEqual([]);
  });

  it("knows every module's tables", () => {
    expect(owners.get("orders")).toBe("orders");
    expect(owners.get("mail_outbox")).toBe("mail");
    expect(owners.get("stockMovements")).toBe("inventory");
  });

  it("lets only the owner write a table", () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(modulesDir)) {
      const relative = path.relative(modulesDir, file).split(path.sep).join("/");
      const module = relative.split("/")[0];
      for (const table of tablesWritten(readFileSync(file, "utf8"), owners)) {
        const owner = owners.get(table);
        if (owner === module) continue;
        crossings.push(`${relative} writes ${table}, a table of module "${owner}"`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
