// The pgbench script of a cash order (bench/pgbench/cash-order.sql): the template's statements
// with each value written into the text, a captured one as a literal, a new one as SQL that makes
// it from the transaction's random :r, as template.ts's freshValues makes it in-process.
//
// Literals are E'' strings with every ':' written \x3a, newlines \n: pgbench takes any ":name"
// in a command for a variable, inside quotes too, and a literal on one line keeps the file
// readable as one statement per command.
import type { TemplateStatement, Templates, Value } from "./template.ts";

export const SCRIPT_PATH = "bench/pgbench/cash-order.sql";
const SHAPE_LINE = "-- shape: ";

const literal = (text: string) =>
  `E'${text
    .replaceAll("\\", "\\\\")
    .replaceAll("'", "''")
    .replaceAll(":", "\\x3a")
    .replaceAll("\n", "\\n")
    .replaceAll("\r", "\\r")}'`;

function valueSql(value: Value): string {
  if (value.kind === "same") return value.text === null ? "NULL" : literal(value.text);
  const r = ":r::bigint";
  let token: string;
  if (value.token === "ipv4")
    token = `'10.' || (${r} % 250 + 1) || '.' || (${r} / 250 % 250) || '.' || (${r} / 62500 % 250)`;
  else if (value.token === "digits") token = `${r}::text`;
  else
    token = `substr(repeat(md5(${r} || '-${value.slot}'), ${Math.ceil(value.length / 32)}), 1, ${value.length})`;
  const parts = [
    value.prefix && literal(value.prefix),
    token,
    value.suffix && literal(value.suffix),
  ];
  return `(${parts.filter(Boolean).join(" || ")})`;
}

/** The statement's text with $1, $2... replaced by the values, longest number first. */
function statementSql(text: string, values: Value[]): string {
  const sql = text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\$(\d+)/g, (_, n: string) => {
      const value = values[Number(n) - 1];
      if (!value) throw new Error(`$${n} has no value in: ${text.slice(0, 200)}`);
      return valueSql(value);
    });
  const stray = /(?<!:):(?!r::bigint)[A-Za-z_]/.exec(sql.replace(/'(?:[^']|'')*'/g, "''"));
  if (stray)
    throw new Error(`the statement has a ":name" pgbench would take for a variable: ${text}`);
  return sql;
}

const statementsSql = (statements: TemplateStatement[]) =>
  statements.map((statement) => `${statementSql(statement.text, statement.values)};`);

export function pgbenchScript(templates: Templates, origin: string): string {
  const { carts } = templates;
  return [
    `-- One cash order as the store sends it, written by bench:checkout from ${origin};`,
    "-- do not edit. Each transaction is one order of one of the captured carts, at random, with its",
    "-- own idempotency key, order number, shopper and limits' keys (all made from :r).",
    `${SHAPE_LINE}${templates.shape}`,
    "\\set r random(0, 8999999999999999999)",
    `\\set cart random(1, ${carts.length})`,
    ...carts.flatMap((template, index) => [
      `${index === 0 ? "\\if" : "\\elif"} :cart = ${index + 1}`,
      ...statementsSql(template.statements),
    ]),
    "\\endif",
    "",
  ].join("\n");
}

/** The shape a script file was written for, or undefined when it has none. */
export function shapeOfScript(script: string): string | undefined {
  return script
    .split("\n")
    .find((line) => line.startsWith(SHAPE_LINE))
    ?.slice(SHAPE_LINE.length)
    .trim();
}
