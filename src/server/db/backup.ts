// Backups of the embedded database: a consistent copy of the data folder (the database and the
// product photos kept beside it) taken while the store serves, and a restore into a data folder
// (the one in use is moved aside, never deleted). PostgreSQL has its own tools
// (pg_dump, base backups with WAL archiving: see the README).
import { mkdir, readdir, rename } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import type { DatabaseHandle } from "./client.ts";
import { removeRunningNote } from "./running-store-note.ts";

/** The whole database as PGlite's gzipped tarball of its data folder. */
export async function takeBackup(database: DatabaseHandle): Promise<Uint8Array> {
  if (!database.dump) {
    throw new Error(
      "Only the embedded database is backed up by the store; use pg_dump for PostgreSQL.",
    );
  }
  return database.dump();
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/**
 * Unpacks a backup into `dataDir` and checks that PostgreSQL opens it. A folder already there is
 * renamed to `<dataDir>.before-restore-<time>` first, so a restore never destroys anything.
 */
export async function restoreBackup(
  backup: Uint8Array,
  dataDir: string,
  now = new Date(),
): Promise<{ orders: number; movedAside: string | undefined }> {
  let movedAside: string | undefined;
  if (!(await isEmptyOrMissing(dataDir))) {
    movedAside = `${dataDir}.before-restore-${now.toISOString().replaceAll(":", "-")}`;
    await rename(dataDir, movedAside);
  }
  await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { loadDataDir: new Blob([Buffer.from(backup)]) });
  try {
    // The copy carries the note of the store that was running when it was taken.
    await removeRunningNote(dataDir);
    const { rows } = await db.query<{ orders: number }>(
      "select count(*)::int as orders from orders",
    );
    return { orders: rows[0]?.orders ?? 0, movedAside };
  } finally {
    await db.close();
  }
}
