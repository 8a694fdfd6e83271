import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds } from "../testing/test-app.ts";
import { type DatabaseHandle, rowsOf } from "./client.ts";
import { COLLIDED, NoFreeCandidate, withUniqueRetry } from "./with-unique-retry.ts";

const RETRY = { constraint: "retry_notes_number_unique", attempts: 4, what: "note number" };

describe.each(testDatabaseKinds)("retrying a generated number on %s", (kind) => {
  let database: DatabaseHandle;
  let drop: () => Promise<unknown>;

  beforeAll(async () => {
    const created = await createTestDatabase(kind);
    database = created.handle;
    drop = created.drop;
    await database.db.execute(sql`
      create table retry_notes (
        id serial primary key,
        number text not null constraint retry_notes_number_unique unique,
        owner text not null constraint retry_notes_owner_unique unique
      )`);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /** Inserts a note in its own transaction, as the store's writers do. */
  const insert = (number: string, owner: string) =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into retry_notes (number, owner) values (${number}, ${owner})`);
      return number;
    });
  const numbersOf = async (owner: string) =>
    rowsOf<{ number: string }>(
      await database.db.execute(sql`select number from retry_notes where owner = ${owner}`),
    ).map((row) => row.number);

  it("tries fresh numbers past two taken ones and keeps the third", async () => {
    await insert("A-1", "first");
    await insert("A-2", "second");
    const candidates = ["A-1", "A-2", "A-3"];
    const tried: string[] = [];
    const written = await withUniqueRetry(RETRY, async (attempt) => {
      const number = candidates[attempt - 1]!;
      tried.push(number);
      return insert(number, "third");
    });
    expect(written).toBe("A-3");
    expect(tried).toEqual(["A-1", "A-2", "A-3"]);
    expect(await numbersOf("third")).toEqual(["A-3"]);
  });

  it("gives up after its attempts with a clear error", async () => {
    await insert("B-1", "taken");
    let tries = 0;
    const writing = withUniqueRetry(RETRY, async () => {
      tries++;
      return insert("B-1", `hopeful-${tries}`);
    });
    await expect(writing).rejects.toThrow(NoFreeCandidate);
    await expect(writing).rejects.toThrow("No free note number after 4 attempts");
    expect(tries).toBe(4);
    expect(await numbersOf("hopeful-1")).toEqual([]);
  });

  it("does not retry a violation of another constraint", async () => {
    await insert("C-1", "owner-c");
    let tries = 0;
    const writing = withUniqueRetry(RETRY, async () => {
      tries++;
      // A fresh number, but an owner someone already has: no new number can fix that.
      return insert(`C-${tries + 1}`, "owner-c");
    });
    await expect(writing).rejects.toThrow();
    await expect(writing).rejects.not.toThrow(NoFreeCandidate);
    expect(tries).toBe(1);
  });

  it("counts a write that reports its own collision (ON CONFLICT DO NOTHING)", async () => {
    await insert("D-1", "owner-d1");
    const candidates = ["D-1", "D-2"];
    let tries = 0;
    const written = await withUniqueRetry(RETRY, async (attempt) => {
      tries++;
      const number = candidates[attempt - 1]!;
      const inserted = rowsOf<{ number: string }>(
        await database.db.execute(sql`
          insert into retry_notes (number, owner) values (${number}, 'owner-d2')
          on conflict (number) do nothing returning number`),
      );
      return inserted[0]?.number ?? COLLIDED;
    });
    expect(written).toBe("D-2");
    expect(tries).toBe(2);

    let always = 0;
    const never = withUniqueRetry(RETRY, async () => {
      always++;
      return COLLIDED;
    });
    await expect(never).rejects.toThrow(NoFreeCandidate);
    expect(always).toBe(4);
  });
});
