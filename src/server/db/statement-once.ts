// A statement whose text is made once per shape: building a large statement from `sql`
// templates costs the server more than PostgreSQL takes to run it, so each call only works out
// its values. On PostgreSQL it runs as a named prepared statement (parsed once per connection),
// unless a transaction pooler sits in between (see keepNamedStatements).
import { is, Placeholder, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "./client.ts";

/** A value of each call, read from its input: stands in the statement as a parameter. */
export type Bind<Input> = (value: (input: Input) => unknown) => SQL;

/** Values a statement part takes either as they are or as the parameters that carry them. */
export type OrBound<T> = { [K in keyof T]: T[K] | SQL };

export type StatementSpec<Input, Shape, Part extends string> = {
  /** Unique in the process; the shapes' statements are named after it (`name_1`, `name_2`). */
  name: string;
  /**
   * What the text depends on (how many lines, which kind of payment); never a value of the
   * call: the text is made once per distinct shape (compared as JSON).
   */
  shape: (input: Input) => Shape;
  /**
   * Pieces other modules build (a mail's row, a guard): built per call with their values, their
   * text joining the shape, so a piece whose text changes gets a statement of its own.
   */
  parts?: Record<Part, (input: Input) => SQL>;
  /** The statement for a shape; every value of the call goes in through `bind`. */
  build: (shape: Shape, bind: Bind<Input>, parts: Record<Part, SQL>) => SQL;
};

/** A call's statement: the shape's name and text, and this call's values in placeholder order. */
export type BoundStatement = { name: string | undefined; text: string; values: unknown[] };

type Slot<Input> =
  | { from: "bind"; value: (input: Input) => unknown }
  | { from: "part"; part: number; index: number }
  | { from: "constant"; value: unknown };

type Made<Input> = { name: string | undefined; text: string; slots: Slot<Input>[] };

const dialect = new PgDialect();
// A statement with more shapes than this (an order of many lines, a part whose text varies) runs
// unnamed past it, and its text is made anew: each connection would keep every shape's plan.
const MOST_SHAPES = 64;
const PARAMETER = /\$(\d+)/g;
const namesTaken = new Set<string>();
// Connections (and pools) to PostgreSQL itself, where a named statement stays prepared.
const keepingNamed = new WeakSet<object>();

/**
 * Named statements on `client` (a pool, or one of its connections): only on PostgreSQL reached
 * directly. A pooler in transaction mode hands each transaction a server connection of its
 * own, where a statement prepared on another is unknown.
 */
export function keepNamedStatements(client: object): void {
  keepingNamed.add(client);
}

export function statementOnce<Input, Shape, Part extends string = never>(
  spec: StatementSpec<Input, Shape, Part>,
) {
  if (namesTaken.has(spec.name)) throw new Error(`a statement is already named ${spec.name}`);
  namesTaken.add(spec.name);
  const partNames = Object.keys(spec.parts ?? {}) as Part[];
  const made = new Map<string, Made<Input>>();

  function make(shape: Shape, parts: { sql: string; params: unknown[] }[]): Made<Input> {
    const binds: ((input: Input) => unknown)[] = [];
    const bind: Bind<Input> = (value) => {
      binds.push(value);
      return sql`${sql.placeholder(`b${binds.length - 1}`)}`;
    };
    // A part's own text, its parameters renumbered into the whole statement's.
    const partSql = Object.fromEntries(
      partNames.map((name, part) => {
        const pieces = parts[part]!.sql.split(PARAMETER);
        const numbers = pieces.filter((_, at) => at % 2 === 1);
        // Drizzle numbers a part's parameters $1..$n once each; anything else (a `$2` inside a
        // literal) would be mistaken for one.
        if (numbers.some((number, at) => Number(number) !== at + 1)) {
          throw new Error(`${spec.name}: part ${name} has a $ that is not one of its parameters`);
        }
        const chunks = pieces.map((piece, at) =>
          at % 2 === 0 ? sql.raw(piece) : sql`${sql.placeholder(`p${part}.${Number(piece) - 1}`)}`,
        );
        return [name, sql.join(chunks)];
      }),
    ) as Record<Part, SQL>;
    const query = dialect.sqlToQuery(spec.build(shape, bind, partSql));
    const slots = query.params.map((param): Slot<Input> => {
      if (!is(param, Placeholder)) return { from: "constant", value: param };
      const [from, at] = [param.name[0], param.name.slice(1)];
      if (from === "b") return { from: "bind", value: binds[Number(at)]! };
      const [part, index] = at.split(".").map(Number) as [number, number];
      return { from: "part", part, index };
    });
    return { name: `${spec.name}_${made.size + 1}`, text: query.sql, slots };
  }

  const valuesOf = (statement: Made<Input>, input: Input, parts: { params: unknown[] }[]) =>
    statement.slots.map((slot) => {
      const value =
        slot.from === "bind"
          ? slot.value(input)
          : slot.from === "part"
            ? parts[slot.part]!.params[slot.index]
            : slot.value;
      return value === undefined ? null : value;
    });

  const partsOf = (input: Input) =>
    partNames.map((name) => dialect.sqlToQuery(spec.parts![name](input)));

  /** The statement for `input`, made on the first call of its shape. */
  function bound(input: Input): BoundStatement {
    const parts = partsOf(input);
    const shape = spec.shape(input);
    const key = parts.reduce((whole, part) => `${whole}\u0000${part.sql}`, JSON.stringify(shape));
    let statement = made.get(key);
    if (!statement) {
      statement = make(shape, parts);
      if (made.size < MOST_SHAPES) made.set(key, statement);
      else statement.name = undefined;
    }
    return {
      name: statement.name,
      text: statement.text,
      values: valuesOf(statement, input, parts),
    };
  }

  return {
    bound,
    /** The statement made as if its shape were new: what each call cost before (the benchmark's). */
    madeAnew(input: Input): BoundStatement {
      const parts = partsOf(input);
      const statement = make(spec.shape(input), parts);
      return {
        name: statement.name,
        text: statement.text,
        values: valuesOf(statement, input, parts),
      };
    },
    /** Runs it on `db` (or a transaction's connection); answers the rows as `db.execute` does. */
    async run<Row>(db: Database | Transaction, input: Input): Promise<Row[]> {
      const { name, text, values } = bound(input);
      const session = db._.session;
      const client = (session as unknown as { client: object }).client;
      const prepared = session.prepareQuery(
        { sql: text, params: values },
        undefined,
        name && keepingNamed.has(client) ? name : undefined,
        false,
      );
      return ((await prepared.execute()) as { rows: Row[] }).rows;
    },
  };
}

/**
 * What a query Drizzle prepared keeps of its build (drizzle-orm's node-postgres and PGlite
 * prepared queries alike): enough to prepare the same text again on another session.
 */
type Built = {
  queryString: string;
  params: unknown[];
  fields: unknown;
  _isResponseInArrayMode: boolean;
  customResultMapper: unknown;
  /** Set on a builder's prepared query after it is made (which joined tables may be null). */
  joinsNotNullableMap?: unknown;
};
const isBuilt = (query: unknown): query is Built =>
  typeof (query as Built | undefined)?.queryString === "string" &&
  Array.isArray((query as Built).params);

/**
 * A read Drizzle prepares itself (a relational `db.query…` with `sql.placeholder`s), built once:
 * a read of an order with its lines, payments and timeline costs the server more to build than
 * PostgreSQL takes to run it. The first call builds it; every other database or transaction gets
 * the same text, placeholders and row mapping prepared on its own session, so a read inside a
 * transaction (a move's email) sees that transaction's writes. Named on PostgreSQL reached
 * directly, unnamed behind a pooler (pg parses an unnamed one each time).
 */
export function preparedOnce<Prepared>(
  name: string,
  prepare: (db: Database | Transaction, name: string) => Prepared,
): (db: Database | Transaction) => Prepared {
  if (namesTaken.has(name)) throw new Error(`a statement is already named ${name}`);
  namesTaken.add(name);
  const prepared = new WeakMap<Database | Transaction, Prepared>();
  let built: Built | undefined;
  return (db) => {
    let statement = prepared.get(db);
    if (statement) return statement;
    const session = db._.session;
    const client = (session as unknown as { client: object }).client;
    const named = keepingNamed.has(client) ? name : "";
    if (built) {
      statement = session.prepareQuery(
        { sql: built.queryString, params: built.params },
        built.fields as never,
        named,
        built._isResponseInArrayMode,
        built.customResultMapper as never,
      ) as Prepared;
      if (built.joinsNotNullableMap !== undefined) {
        (statement as Built).joinsNotNullableMap = built.joinsNotNullableMap;
      }
    } else {
      statement = prepare(db, named);
      if (isBuilt(statement)) built = statement;
    }
    // A transaction is used once: only a database's statement is worth keeping.
    if (!("rollback" in db)) prepared.set(db, statement);
    return statement;
  };
}
