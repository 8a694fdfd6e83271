import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { statementOnce } from "./statement-once.ts";

type Basket = { shop: string; items: { id: string; quantity: number }[]; note?: string | null };

let built = 0;
const basket = statementOnce({
  name: "test_basket",
  shape: (input: Basket) => ({ items: input.items.length }),
  parts: { noted: (input: Basket) => (input.note ? sql`, ${input.note} as note` : sql``) },
  build: (shape, bind, parts) => {
    built += 1;
    const items = Array.from(
      { length: shape.items },
      (_, at) =>
        sql`(${bind((b: Basket) => b.items[at]!.id)}, ${bind((b: Basket) => b.items[at]!.quantity)}::integer)`,
    );
    return sql`select ${bind((b) => b.shop)} as shop, ${"fixed"} as kind${parts.noted}
      from (values ${sql.join(items, sql`, `)}) as i (id, quantity)`;
  },
});

const plainly = (statement: ReturnType<typeof basket.bound>) =>
  statement.text.replace(/\s+/g, " ").trim();

describe("a statement made once per shape", () => {
  it("makes the text once per shape and binds each call's values in placeholder order", () => {
    const before = built;
    const first = basket.bound({ shop: "a", items: [{ id: "x", quantity: 1 }] });
    const second = basket.bound({ shop: "b", items: [{ id: "y", quantity: 7 }] });
    expect(built - before).toBe(1);
    expect(second.name).toBe(first.name);
    expect(second.text).toBe(first.text);
    expect(plainly(first)).toBe(
      "select $1 as shop, $2 as kind from (values ($3, $4::integer)) as i (id, quantity)",
    );
    expect(first.values).toEqual(["a", "fixed", "x", 1]);
    expect(second.values).toEqual(["b", "fixed", "y", 7]);
  });

  it("gives another shape its own text and name", () => {
    const one = basket.bound({ shop: "a", items: [{ id: "x", quantity: 1 }] });
    const two = basket.bound({
      shop: "c",
      items: [
        { id: "x", quantity: 2 },
        { id: "z", quantity: 3 },
      ],
    });
    expect(two.name).not.toBe(one.name);
    expect(two.name).toMatch(/^test_basket_\d+$/);
    expect(two.values).toEqual(["c", "fixed", "x", 2, "z", 3]);
    expect(plainly(two)).toContain("(values ($3, $4::integer), ($5, $6::integer))");
  });

  it("splices a part's text once and its values each call, a new part text a new statement", () => {
    const plain = basket.bound({ shop: "a", items: [{ id: "x", quantity: 1 }] });
    const noted = basket.bound({ shop: "a", items: [{ id: "x", quantity: 1 }], note: "ring" });
    const again = basket.bound({ shop: "d", items: [{ id: "w", quantity: 4 }], note: "knock" });
    expect(noted.name).not.toBe(plain.name);
    expect(again.name).toBe(noted.name);
    expect(plainly(again)).toBe(
      "select $1 as shop, $2 as kind, $3 as note from (values ($4, $5::integer)) as i (id, quantity)",
    );
    expect(again.values).toEqual(["d", "fixed", "knock", "w", 4]);
  });

  it("binds what the input leaves out as null, as a statement built from the values would", () => {
    const statement = basket.bound({ shop: undefined as unknown as string, items: [] as never });
    expect(statement.values[0]).toBeNull();
  });

  it("is what Drizzle would build from the same values", () => {
    const input: Basket = { shop: "e", items: [{ id: "v", quantity: 5 }], note: "bell" };
    const direct = new PgDialect().sqlToQuery(
      sql`select ${input.shop} as shop, ${"fixed"} as kind, ${input.note} as note
      from (values ${sql.join([sql`(${input.items[0]!.id}, ${input.items[0]!.quantity}::integer)`], sql`, `)}) as i (id, quantity)`,
    );
    const bound = basket.bound(input);
    expect(bound.text.replace(/\s+/g, " ")).toBe(direct.sql.replace(/\s+/g, " "));
    expect(bound.values).toEqual(direct.params);
  });

  it("names no more than 64 shapes: past them a statement runs unnamed and is not kept", () => {
    const columns = statementOnce({
      name: "test_columns",
      shape: (count: number) => count,
      build: (count, bind) =>
        sql`select ${sql.join(
          Array.from({ length: count }, () => bind((n: number) => n)),
          sql`, `,
        )}`,
    });
    const names = Array.from({ length: 66 }, (_, at) => columns.bound(at + 1).name);
    expect(new Set(names.slice(0, 64)).size).toBe(64);
    expect(names.slice(64)).toEqual([undefined, undefined]);
    expect(columns.bound(66).values).toEqual(Array(66).fill(66));
    expect(columns.bound(3).name).toBe(names[2]);
  });

  it("refuses a part whose text has a $ that is not a parameter of its own", () => {
    const quoted = statementOnce({
      name: "test_quoted",
      shape: () => 0,
      parts: { priced: (price: number) => sql`select ${price}, '$9 off'` },
      build: (_, _bind, parts) => parts.priced,
    });
    expect(() => quoted.bound(5)).toThrow(/test_quoted: part priced has a \$/);
  });

  it("refuses a second statement of the same name: two texts under one name would collide", () => {
    expect(() =>
      statementOnce({ name: "test_basket", shape: () => 0, build: () => sql`select 1` }),
    ).toThrow(/already named test_basket/);
  });
});
