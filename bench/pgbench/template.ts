// One cash order's statements as a template to replay many times: the statement texts as the
// store sent them, each value either the captured one or one made new for every replayed order.
//
// Which values change: those that differed between the captured orders (each placed by a new
// shopper with the same cart, so they differ in who places them: idempotency key and its hash,
// the browser's key hash, order number, phone, email, address, the limits' keys), except times
// (ISO dates, epoch milliseconds), which stay as captured. A value made new keeps what all
// captured values share at its start and end ("FHH-", "checkout:", "@example.in") and puts a
// fresh token in between: digits where the captured ones were digits, a whole IPv4 address for
// an address, hex otherwise; the same captured value gets the same new value wherever it
// appears in one order (the key the order statement checks is the key the claim inserted).
// Long values (over LONG_VALUE characters: the mail's bodies, the stored answer, a notification)
// stay as captured: nothing is unique about them, and their size is part of the work.
import { createHash, randomBytes } from "node:crypto";
import type { CapturedRequest, SentStatement } from "../support/statement-capture.ts";

const LONG_VALUE = 80;

export type Value =
  | { kind: "same"; text: string | null }
  | {
      kind: "new";
      /** Values with the same slot are the same in one order. */
      slot: number;
      token: "digits" | "ipv4" | "hex";
      prefix: string;
      suffix: string;
      /** The captured token's length (hex tokens keep it). */
      length: number;
    };

export type TemplateStatement = { text: string; values: Value[] };

export type Template = {
  statements: TemplateStatement[];
  /** sha256 of the statement texts (whitespace folded), in order: what must not drift. */
  shape: string;
  /** How many captured orders had this shape, of how many. */
  orders: number;
  of: number;
};

/** One template per captured cart, all of one shape: a replayed order is one cart's, at random. */
export type Templates = { carts: Template[]; shape: string; orders: number; of: number };

/** The carts' templates; throws unless every cart's orders agree and all carts have one shape. */
export function templatesOf(carts: CapturedRequest[][]): Templates {
  const templates = carts.map(templateOf);
  const shapes = new Set(templates.map((template) => template.shape));
  if (templates.length === 0 || shapes.size !== 1)
    throw new Error(
      `the captured carts' cash orders have ${shapes.size} shapes: the pgbench script cannot be made`,
    );
  return {
    carts: templates,
    shape: templates[0]!.shape,
    orders: templates.reduce((sum, template) => sum + template.orders, 0),
    of: templates.reduce((sum, template) => sum + template.of, 0),
  };
}

const fold = (text: string) => text.replace(/\s+/g, " ").trim();

export function shapeOf(statements: { text: string }[]): string {
  return createHash("sha256")
    .update(statements.map((s) => fold(s.text)).join("\n"))
    .digest("hex");
}

const isTime = (value: string) =>
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value) ||
  (/^\d{13}$/.test(value) && Math.abs(Number(value) - Date.now()) < 365 * 86_400_000);
const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

function commonPrefix(values: string[]): string {
  let end = 0;
  const first = values[0]!;
  while (end < first.length && values.every((value) => value[end] === first[end])) end++;
  return first.slice(0, end);
}

function commonSuffix(values: string[], after: number): string {
  const first = values[0]!;
  let length = 0;
  while (
    length < first.length - after &&
    values.every(
      (value) =>
        value.length - length - 1 >= after &&
        value[value.length - length - 1] === first[first.length - length - 1],
    )
  )
    length++;
  return length === 0 ? "" : first.slice(first.length - length);
}

/** The template of one cart's captured cash orders; throws unless all were placed alike. */
export function templateOf(captured: CapturedRequest[]): Template {
  const placed = captured.filter((request) => request.status === 201);
  const byShape = new Map<string, CapturedRequest[]>();
  for (const request of placed) {
    const shape = shapeOf(request.statements);
    byShape.set(shape, [...(byShape.get(shape) ?? []), request]);
  }
  const [shape, orders] = [...byShape].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (!shape || !orders || orders.length < 2 || orders.length < placed.length)
    throw new Error(
      `the captured cash orders do not agree on their statements (${placed.length} placed of ${captured.length}, ${byShape.size} shapes): the pgbench script cannot be made`,
    );
  const slots = new Map<string, number>();
  const statements = orders[0]!.statements.map(
    (statement: SentStatement, index): TemplateStatement => ({
      text: statement.text,
      values: statement.params.map((text, position): Value => {
        const seen = orders.map((order) => order.statements[index]!.params[position] ?? null);
        if (text === null || seen.every((value) => value === text)) return { kind: "same", text };
        const values = seen.filter((value): value is string => value !== null);
        if (values.length !== seen.length || isTime(text) || text.length > LONG_VALUE)
          return { kind: "same", text };
        const slot = slots.get(text) ?? slots.size;
        slots.set(text, slot);
        if (values.every((value) => IPV4.test(value)))
          return { kind: "new", slot, token: "ipv4", prefix: "", suffix: "", length: 0 };
        const prefix = commonPrefix(values);
        const suffix = commonSuffix(values, prefix.length);
        const middle = text.slice(prefix.length, text.length - suffix.length);
        const digits = values.every((value) =>
          /^\d*$/.test(value.slice(prefix.length, value.length - suffix.length)),
        );
        return {
          kind: "new",
          slot,
          token: digits ? "digits" : "hex",
          prefix,
          suffix,
          length: Math.max(middle.length, 8),
        };
      }),
    }),
  );
  return { statements, shape, orders: orders.length, of: captured.length };
}

/** A fresh order's values, for a replay in-process (what the pgbench script computes in SQL). */
export function freshValues(): (statement: TemplateStatement) => (string | null)[] {
  const r = BigInt(`0x${randomBytes(8).toString("hex")}`) % 9_000_000_000_000_000_000n;
  const made = new Map<number, string>();
  const make = (value: Extract<Value, { kind: "new" }>) => {
    const known = made.get(value.slot);
    if (known !== undefined) return known;
    let token: string;
    if (value.token === "ipv4") token = ipv4Of(r);
    else if (value.token === "digits") token = r.toString();
    else token = hexOf(r, value.slot, value.length);
    const text = `${value.prefix}${token}${value.suffix}`;
    made.set(value.slot, text);
    return text;
  };
  return (statement) =>
    statement.values.map((value) => (value.kind === "same" ? value.text : make(value)));
}

const ipv4Of = (r: bigint) => `10.${(r % 250n) + 1n}.${(r / 250n) % 250n}.${(r / 62_500n) % 250n}`;

/** md5(r || '-' || slot), repeated to `length` hex digits: the SQL in the script is the same. */
function hexOf(r: bigint, slot: number, length: number): string {
  const md5 = createHash("md5").update(`${r}-${slot}`).digest("hex");
  return md5.repeat(Math.ceil(length / 32)).slice(0, length);
}
