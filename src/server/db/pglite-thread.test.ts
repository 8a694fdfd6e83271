import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSeededPglite, seededPgliteCopy } from "../testing/test-app.ts";
import { type DatabaseHandle, rowsOf } from "./client.ts";
import { PgliteThread } from "./pglite-thread.ts";
import { isUniqueViolation } from "./unique-violation.ts";

describe("PGlite on its own thread", () => {
  let thread: PgliteThread;

  beforeAll(async () => {
    // Started from the seeded copy, which spares it an initdb; its tables are its own.
    thread = await PgliteThread.start(undefined, { copy: await seededPgliteCopy() });
    await thread.exec(
      "create table notes (id integer primary key, body text not null); create table log (n integer)",
    );
  });
  afterAll(() => thread.close());

  it("answers queries with parameters, as objects or as arrays", async () => {
    await thread.query("insert into notes values ($1, $2)", [1, "first"]);
    const objects = await thread.query("select id, body from notes where id = $1", [1]);
    expect(objects.rows).toEqual([{ id: 1, body: "first" }]);
    const arrays = await thread.query("select id, body from notes", [], { rowMode: "array" });
    expect(arrays.rows).toEqual([[1, "first"]]);
    expect(objects.fields.map((field) => (field as { name: string }).name)).toEqual(["id", "body"]);
  });

  it("passes a database error's code and constraint, but not the statement's parameters", async () => {
    const error = (await thread
      .query("insert into notes values ($1, $2)", [1, "asha@example.in"])
      .catch((caught: unknown) => caught)) as Error & Record<string, unknown>;
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "notes_pkey" });
    expect(isUniqueViolation(error, "notes_pkey")).toBe(true);
    expect(error.params).toBeUndefined();
    expect(JSON.stringify(error)).not.toContain("asha@example.in");
  });

  it("commits a transaction that succeeds and rolls back one that throws", async () => {
    await thread.transaction(async (tx) => {
      await tx.query("insert into log values (1)");
      await tx.query("insert into log values (2)");
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into log values (3)");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const { rows } = await thread.query("select n from log order by n");
    expect(rows).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("keeps other statements out until a transaction ends", async () => {
    await thread.query("delete from log");
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = thread.transaction(async (tx) => {
      await tx.query("insert into log values (10)");
      await held;
      await tx.query("insert into log values (11)");
    });
    // Sent while the transaction is open: it must see both rows or neither, never one.
    const outside = thread.query("select count(*)::int as n from log");
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 2 }]);
  });

  it("refuses a parameter that cannot be copied to its thread, and goes on", async () => {
    await expect(thread.query("select $1", [() => 1])).rejects.toThrow(/could not be cloned/);
    expect((await thread.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("starts from a copy of another database, which its own changes then leave alone", async () => {
    await thread.query("delete from notes");
    await thread.query("insert into notes values (1, 'copied')");
    const copy = await PgliteThread.start(undefined, { copy: await thread.dump() });
    try {
      expect((await copy.query("select id, body from notes")).rows).toEqual([
        { id: 1, body: "copied" },
      ]);
      await copy.query("insert into notes values (2, 'only in the copy')");
      await thread.query("insert into notes values (3, 'only in the original')");
      expect((await copy.query("select id from notes order by id")).rows).toEqual([
        { id: 1 },
        { id: 2 },
      ]);
      expect((await thread.query("select id from notes order by id")).rows).toEqual([
        { id: 1 },
        { id: 3 },
      ]);
    } finally {
      await copy.close();
    }
  });

  it("refuses calls after it is closed, and does not report that as a loss", async () => {
    const other = await PgliteThread.start(undefined, { copy: await seededPgliteCopy() });
    await other.close();
    await expect(other.query("select 1")).rejects.toThrow(/closed/);
    const stillOpen = new Promise((resolve) => setTimeout(() => resolve("not lost"), 100));
    expect(await Promise.race([other.lost, stillOpen])).toBe("not lost");
  });

  it("fails the waiting call and every later one, and reports the loss, when its thread dies", async () => {
    const dying = await PgliteThread.start(undefined, {
      workerModule: new URL("../testing/dying-database-thread.ts", import.meta.url),
    });
    await expect(dying.query("select 1")).rejects.toThrow("the database thread stopped (exit 3)");
    await expect(dying.query("select 1")).rejects.toThrow("the database thread stopped (exit 3)");
    expect((await dying.lost).message).toBe("the database thread stopped (exit 3)");
  });

  it("fails to start, with the reason, where the data directory cannot be", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "fhh-thread-"));
    const file = path.join(dir, "not-a-directory");
    await writeFile(file, "x");
    try {
      await expect(PgliteThread.start(path.join(file, "data"))).rejects.toMatchObject({
        code: "ENOTDIR",
        message: expect.stringContaining("not a directory"),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the store's database on PGlite's thread, through Drizzle", () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openSeededPglite();
    await database.db.execute(sql`create table items (id integer primary key)`);
  });
  afterAll(() => database.close());

  it("rolls a nested transaction back to its savepoint only", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (1)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into items values (2)`);
          throw new Error("inner fails");
        })
        .catch(() => {});
    });
    const rows = rowsOf<{ id: number }>(await database.db.execute(sql`select id from items`));
    expect(rows).toEqual([{ id: 1 }]);
  });
});

describe("a command that opens the embedded database", () => {
  it("exits when its work is done, even without closing the database", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "fhh-thread-exit-"));
    const client = fileURLToPath(new URL("./client.ts", import.meta.url));
    const script = `
      import { openDatabase, pingDatabase } from ${JSON.stringify(client)};
      const database = await openDatabase({ dataDir: ${JSON.stringify(path.join(dataDir, "data"))} });
      await database.migrate();
      // A call that could not be sent must not hold the process open either.
      await database.db.$client.query("select $1", [() => 1]).catch(() => {});
      await pingDatabase(database.db);
      console.log("migrated");
    `;
    const scriptFile = path.join(dataDir, "command.mts");
    await writeFile(scriptFile, script);
    try {
      const run = spawnSync(process.execPath, ["--import", "tsx", scriptFile], {
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.error).toBeUndefined();
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(run.stdout.trim()).toBe("migrated");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
