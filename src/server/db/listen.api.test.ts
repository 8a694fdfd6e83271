import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds } from "../testing/test-app.ts";
import type { DatabaseHandle } from "./client.ts";
import { LISTENER_NAME } from "./postgres-listener.ts";

const CHANNEL = "fhh_listen_test";

/** Collects what a listener hears, and waits for the next one. */
function inbox() {
  const heard: string[] = [];
  let waiting: (() => void) | undefined;
  return {
    heard,
    push(payload: string) {
      heard.push(payload);
      waiting?.();
    },
    async next(count: number, withinMs = 2000) {
      const deadline = Date.now() + withinMs;
      while (heard.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`heard ${heard.length} of ${count} within ${withinMs} ms`);
        await new Promise<void>((resolve) => {
          waiting = resolve;
          setTimeout(resolve, left);
        });
      }
      return heard;
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabaseKinds)("listening for notices on %s", (kind) => {
  let database: DatabaseHandle;
  let drop: () => Promise<unknown>;
  let url: string | undefined;

  beforeAll(async () => {
    const created = await createTestDatabase(kind);
    database = created.handle;
    drop = created.drop;
    url = created.url;
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("hears a committed notice, in order, and nothing from a rolled-back one", async () => {
    const box = inbox();
    const stop = await database.listen(CHANNEL, box.push);
    try {
      await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_notify(${CHANNEL}, 'rolled back')`);
          throw new Error("changed my mind");
        })
        .catch(() => {});
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify(${CHANNEL}, 'first')`);
        await tx.execute(sql`select pg_notify(${CHANNEL}, 'second')`);
      });
      await database.db.execute(sql`select pg_notify(${CHANNEL}, 'third')`);
      expect(await box.next(3)).toEqual(["first", "second", "third"]);
      await pause(200);
      expect(box.heard).not.toContain("rolled back");
    } finally {
      await stop();
    }
  });

  it("tells every listener, and stops telling one that stopped", async () => {
    const one = inbox();
    const two = inbox();
    const stopOne = await database.listen(CHANNEL, one.push);
    const stopTwo = await database.listen(CHANNEL, two.push);
    await database.db.execute(sql`select pg_notify(${CHANNEL}, 'both')`);
    expect(await one.next(1)).toEqual(["both"]);
    expect(await two.next(1)).toEqual(["both"]);
    await stopOne();
    await database.db.execute(sql`select pg_notify(${CHANNEL}, 'two only')`);
    expect(await two.next(2)).toEqual(["both", "two only"]);
    await pause(200);
    expect(one.heard).toEqual(["both"]);
    await stopTwo();
  });

  it.runIf(kind === "postgres")(
    "hears another instance's notices, and listens again after its connection drops",
    async () => {
      const other = await import("./client.ts").then(({ openDatabase }) =>
        openDatabase({ databaseUrl: url }),
      );
      const box = inbox();
      let reconnects = 0;
      const stop = await database.listen(CHANNEL, box.push, {
        onReconnect: () => {
          reconnects += 1;
        },
      });
      try {
        await other.db.execute(sql`select pg_notify(${CHANNEL}, 'from the other')`);
        expect(await box.next(1)).toEqual(["from the other"]);

        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          const { rowCount } = await admin.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
             where application_name = $1 and datname = current_database()`,
            [LISTENER_NAME],
          );
          expect(rowCount).toBeGreaterThan(0);
        } finally {
          await admin.end();
        }
        const deadline = Date.now() + 5000;
        while (reconnects === 0 && Date.now() < deadline) await pause(50);
        expect(reconnects).toBe(1);
        await other.db.execute(sql`select pg_notify(${CHANNEL}, 'after the drop')`);
        expect(await box.next(2)).toEqual(["from the other", "after the drop"]);
      } finally {
        await stop();
        await other.close();
      }
    },
  );
});
