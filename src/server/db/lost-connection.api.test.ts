import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { relayTo } from "../testing/tcp-relay.ts";
import { createTestDatabase } from "../testing/test-app.ts";
import { openDatabase, rowsOf } from "./client.ts";
import { isDatabaseUnreachable } from "./unreachable.ts";

// Found by bench:faults: PostgreSQL stopped under load ended the store's process ("Unhandled
// 'error' event ... Connection terminated unexpectedly") when a transaction held a connection.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "a PostgreSQL connection lost mid-transaction",
  () => {
    it("fails that transaction, not the process, and the pool connects again once it can", async () => {
      const created = await createTestDatabase("postgres");
      await created.handle.close();
      const { relay, url } = await relayTo(created.url!);
      const database = await openDatabase({ databaseUrl: url });
      try {
        const cutOff = database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          // Between two statements the connection is checked out and idle: the moment an
          // unheard "error" event would be thrown out of the socket's handler.
          relay.cut();
          await sleep(200);
          await tx.execute(sql`select 1`);
        });
        await expect(cutOff).rejects.toSatisfy(isDatabaseUnreachable);
        relay.restore();
        expect(rowsOf(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
      } finally {
        await database.close();
        await relay.close();
        await created.drop();
      }
    });
  },
);
