import { eq, sql } from "drizzle-orm";
import { pgTable, serial, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds } from "../testing/test-app.ts";
import { type DatabaseHandle, openDatabase, rowsOf, type Transaction } from "./client.ts";
import { preparedOnce, statementOnce } from "./statement-once.ts";

type Note = { owner: string; words: string[] };

const noteWords = statementOnce({
  name: "test_note_words",
  shape: (note: Note) => note.words.length,
  build: (words, bind) => {
    const rows = Array.from(
      { length: words },
      (_, at) => sql`(${bind((n: Note) => n.owner)}, ${bind((n: Note) => n.words[at])})`,
    );
    return sql`insert into statement_notes (owner, word) values ${sql.join(rows, sql`, `)}
      returning owner, word`;
  },
});

const statementNotes = pgTable("statement_notes", {
  id: serial().primaryKey(),
  owner: text().notNull(),
  word: text(),
});
const preparedFor: string[] = [];
const wordsOf = preparedOnce("test_words_of", (db, name) => {
  preparedFor.push(name);
  return db
    .select({ word: statementNotes.word })
    .from(statementNotes)
    .where(eq(statementNotes.owner, sql.placeholder("owner")))
    .orderBy(statementNotes.id)
    .prepare(name);
});

type Prepared = { name: string; executions: number };
/** The statements prepared on the transaction's own connection, and how often each ran. */
const preparedOn = async (tx: Transaction) =>
  rowsOf<Prepared>(
    await tx.execute(sql`
      select name, (generic_plans + custom_plans)::int as executions from pg_prepared_statements
      where name like 'test_note_words%' and statement like '%values (%), (%), (%)%'
      order by name`),
  );

describe.each(testDatabaseKinds)("a statement made once, run on %s", (kind) => {
  let database: DatabaseHandle;
  let drop: () => Promise<unknown>;
  let url: string | undefined;

  beforeAll(async () => {
    const created = await createTestDatabase(kind, { empty: true });
    ({ drop, url } = created);
    database = created.handle;
    await database.db.execute(
      sql`create table statement_notes (id serial primary key, owner text not null, word text)`,
    );
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("writes each call's values and answers the rows", async () => {
    const rows = await noteWords.run(database.db, { owner: "asha", words: ["fresh", "ripe"] });
    expect(rows).toEqual([
      { owner: "asha", word: "fresh" },
      { owner: "asha", word: "ripe" },
    ]);
    const stored = rowsOf(
      await database.db.execute(
        sql`select owner, word from statement_notes where owner = 'asha' order by id`,
      ),
    );
    expect(stored).toEqual(rows);
  });

  it(
    kind === "postgres"
      ? "is prepared once on a connection and run again by name, one statement per shape"
      : "runs as a parameterised statement (PGlite keeps no named ones)",
    async () => {
      const prepared = await database.db.transaction(async (tx) => {
        // Shapes no other test runs: three calls of one, one of the other.
        const three = ["x", "y", "z"];
        for (const owner of ["a", "b", "c"]) await noteWords.run(tx, { owner, words: three });
        await noteWords.run(tx, { owner: "d", words: [...three, "w"] });
        return preparedOn(tx);
      });
      if (kind === "pglite") {
        expect(prepared).toEqual([]);
        return;
      }
      expect(prepared).toHaveLength(2);
      expect(prepared.map((statement) => statement.executions).sort()).toEqual([1, 3]);
    },
  );

  it.skipIf(kind !== "postgres")(
    "names no statement where a pooler sits in between (named statements off)",
    async () => {
      const pooled = await openDatabase({ databaseUrl: url, namedStatements: false });
      try {
        const prepared = await pooled.db.transaction(async (tx) => {
          await noteWords.run(tx, { owner: "e", words: ["x"] });
          await noteWords.run(tx, { owner: "f", words: ["x"] });
          return preparedOn(tx);
        });
        expect(prepared).toEqual([]);
        const [row] = rowsOf<{ count: number }>(
          await pooled.db.execute(
            sql`select count(*)::int as count from statement_notes where owner in ('e', 'f')`,
          ),
        );
        expect(row!.count).toBe(2);
      } finally {
        await pooled.close();
      }
    },
  );

  it("prepares a read once and runs it with each call's values", async () => {
    await noteWords.run(database.db, { owner: "gita", words: ["mango"] });
    await noteWords.run(database.db, { owner: "hari", words: ["okra", "curd"] });
    expect(await wordsOf(database.db).execute({ owner: "gita" })).toEqual([{ word: "mango" }]);
    expect(await wordsOf(database.db).execute({ owner: "hari" })).toEqual([
      { word: "okra" },
      { word: "curd" },
    ]);
    expect(wordsOf(database.db)).toBe(wordsOf(database.db));
    // Built once in the process, whichever database came first.
    expect(preparedFor.length).toBe(1);
  });

  it.skipIf(kind !== "postgres")(
    "names it on PostgreSQL, where a connection parses it once and runs it again",
    async () => {
      const prepared = await database.db.transaction(async (tx) => {
        for (const owner of ["gita", "hari", "gita"]) await wordsOf(tx).execute({ owner });
        return rowsOf<Prepared>(
          await tx.execute(sql`
            select name, (generic_plans + custom_plans)::int as executions
            from pg_prepared_statements where name = 'test_words_of'`),
        );
      });
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.executions).toBeGreaterThanOrEqual(3);
    },
  );

  it("runs the read built once inside a transaction, where it sees the transaction's writes", async () => {
    await wordsOf(database.db).execute({ owner: "nobody" });
    const builds = preparedFor.length;
    await database.db.transaction(async (tx) => {
      await noteWords.run(tx, { owner: "jaya", words: ["guava"] });
      expect(await wordsOf(tx).execute({ owner: "jaya" })).toEqual([{ word: "guava" }]);
      // PGlite has one connection, held by this transaction.
      if (kind === "postgres") {
        expect(await wordsOf(database.db).execute({ owner: "jaya" })).toEqual([]);
      }
    });
    expect(preparedFor.length, "built again for the transaction").toBe(builds);
    expect(await wordsOf(database.db).execute({ owner: "jaya" })).toEqual([{ word: "guava" }]);
  });

  it.skipIf(kind !== "postgres")(
    "prepares a read unnamed where a pooler sits in between (named statements off)",
    async () => {
      const pooled = await openDatabase({ databaseUrl: url, namedStatements: false });
      try {
        await noteWords.run(pooled.db, { owner: "ira", words: ["lime"] });
        expect(await wordsOf(pooled.db).execute({ owner: "ira" })).toEqual([{ word: "lime" }]);
        // Built once already: prepared again on this database's session, without a name.
        const [named] = rowsOf<{ count: number }>(
          await pooled.db.transaction(async (tx) => {
            await wordsOf(tx).execute({ owner: "ira" });
            return tx.execute(
              sql`select count(*)::int as count from pg_prepared_statements where name = 'test_words_of'`,
            );
          }),
        );
        expect(named!.count).toBe(0);
      } finally {
        await pooled.close();
      }
    },
  );
});
