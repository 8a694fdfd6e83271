import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema/index.ts";
import type { PersonalDataPart } from "../../personal-data.ts";
import { PERSONAL_DATA_PARTS } from "./personal-data-parts.ts";

/**
 * A table holds a customer's personal data when one of its columns (by its SQL name) does: who
 * they are (their user id), how to reach them, their name, a place, their network or browser,
 * words they wrote or were sent, a payment handle they chose, a code identifier made of their
 * address. A new column of that kind on any table makes the table count.
 */
const PERSONAL_COLUMNS = new Set([
  "customer_id",
  "user_id",
  "placer_customer_id",
  "email",
  "phone",
  "mobile",
  "to_address",
  "name",
  "first_name",
  "last_name",
  "address",
  "location",
  "ip_address",
  "user_agent",
  "network_key",
  "browser_key_hash",
  "placer_browser_key_hash",
  "message",
  "body",
  "notes",
  "products",
  "text_body",
  "html_body",
  "response_body",
  "instrument_summary",
  "identifier",
]);

/** Tables the rule takes whose columns are not a customer's, and why. */
const NOT_A_CUSTOMERS: Record<string, string> = {
  categories: "its name is a category's",
  products: "its name is a product's",
  bulk_order_lines: "its names are the catalogue products a quote is made of",
  store_secrets: "its name is a secret's",
  daily_order_figures: "its products are a day's sales per product, of no one",
  staff_members: "the shop's staff, whose accounts the owner closes (staff module)",
  staff_accounts: "the shop's staff's passwords and sign-ins",
  staff_sessions: "the shop's staff's sessions",
  staff_verifications: "the shop's staff's codes",
  staff_two_factors: "the shop's staff's second factor",
  staff_sign_in_warnings: "a staff sign-in's network, for the staff's warnings",
  support_saved_replies: "the desk's own reply texts, with placeholders for a customer's facts",
  staff_saved_views: "a member's names for their own dashboard's filters",
};

const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => value instanceof PgTable,
);
const nameOf = (table: PgTable) => getTableConfig(table).name;

const personalTables = () =>
  tables
    .filter((table) =>
      getTableConfig(table).columns.some((column) => PERSONAL_COLUMNS.has(column.name)),
    )
    .map(nameOf);

/** Tables with a customer's personal data that no part answers for. */
function uncovered(parts: readonly PersonalDataPart[]) {
  const covered = new Set(parts.flatMap((part) => part.tables.map(nameOf)));
  return personalTables().filter((name) => !covered.has(name) && !(name in NOT_A_CUSTOMERS));
}

describe("a customer's personal data", () => {
  it("is answered for by some module's part, table by table", () => {
    expect(personalTables().length).toBeGreaterThan(Object.keys(NOT_A_CUSTOMERS).length);
    expect(uncovered(PERSONAL_DATA_PARTS)).toEqual([]);
  });

  it("is missed as soon as any one part is left out", () => {
    for (const left of PERSONAL_DATA_PARTS) {
      const others = PERSONAL_DATA_PARTS.filter((part) => part !== left);
      const missed = uncovered(others);
      expect(missed.length, `without the part for ${left.tables.map(nameOf)}`).toBeGreaterThan(0);
      expect(left.tables.map(nameOf)).toEqual(expect.arrayContaining(missed));
    }
  });

  it("names only tables the rule takes, each in one part, none also excused", () => {
    const personal = new Set(personalTables());
    for (const name of Object.keys(NOT_A_CUSTOMERS)) expect(personal).toContain(name);
    const claimed = PERSONAL_DATA_PARTS.flatMap((part) => part.tables.map(nameOf));
    expect(new Set(claimed).size).toBe(claimed.length);
    for (const name of claimed) {
      expect(personal).toContain(name);
      expect(NOT_A_CUSTOMERS).not.toHaveProperty(name);
    }
  });
});
