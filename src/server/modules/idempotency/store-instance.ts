import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { deleteOlderInBatch } from "../../db/delete-in-batches.ts";
import { storeInstances } from "./schema.ts";

/** This process, as the holder of the requests it runs; a new id at every start. */
export const THIS_INSTANCE = randomUUID();

const BEAT_MS = 2000;
/** An instance not seen for this long has died (three beats missed): its requests are free. */
const ALIVE_WITHIN = "6 seconds";

/** Whether the instance `holder` names is still beating. */
export const instanceAlive = (holder: SQL) =>
  sql`exists (select 1 from store_instances where id = ${holder} and seen_at > now() - interval '${sql.raw(ALIVE_WITHIN)}')`;

/**
 * Says every BEAT_MS that this instance is alive, in its database. A stop removes the row, so
 * another instance takes over at once whatever this one left unfinished (nothing, after a drain).
 */
export function createInstanceHeartbeat(deps: {
  db: Database;
  log: Pick<FastifyBaseLogger, "warn">;
}) {
  let timer: NodeJS.Timeout | undefined;
  const beat = async () => {
    try {
      await deps.db.execute(sql`
        insert into store_instances (id) values (${THIS_INSTANCE})
        on conflict (id) do update set seen_at = now()`);
    } catch (error) {
      // Unreachable database: nothing this instance runs can finish meanwhile either.
      deps.log.warn({ err: error }, "instance heartbeat not recorded");
    }
  };
  return {
    async start() {
      await beat();
      timer ??= setInterval(() => void beat(), BEAT_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await deps.db
        .execute(sql`delete from store_instances where id = ${THIS_INSTANCE}`)
        .catch(() => undefined);
    },
  };
}

/** Deletes up to `batch` instances not seen since `before` (their rows only say they once ran). */
export const pruneStoreInstances = (db: Database, before: Date, batch: number) =>
  deleteOlderInBatch(
    db,
    { table: storeInstances, key: storeInstances.id, age: storeInstances.seenAt },
    before,
    batch,
  );
