// `npm run db:backup -- [--to FILE]`: a consistent copy of the embedded database, taken while the
// store runs (it is asked for it) or from the data folder when it is stopped.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { takeBackup } from "../db/backup.ts";
import { openDatabase } from "../db/client.ts";
import { runningStore } from "../db/running-store-note.ts";
import { BACKUP_PATH, BACKUP_TOKEN_HEADER } from "../modules/backup/index.ts";

const POSTGRES_ADVICE =
  "DATABASE_URL is set: back PostgreSQL up with its own tools (pg_dump, or base backups with WAL archiving; see the README's Backups).";

async function fromRunningStore(port: number, token: string): Promise<Uint8Array> {
  const response = await fetch(`http://127.0.0.1:${port}${BACKUP_PATH}`, {
    method: "POST",
    headers: { [BACKUP_TOKEN_HEADER]: token },
  });
  if (!response.ok)
    throw new Error(`The running store refused the backup (HTTP ${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

async function main() {
  const { values } = parseArgs({ options: { to: { type: "string" } } });
  const config = loadConfig();
  if (config.databaseUrl) throw new Error(POSTGRES_ADVICE);
  const stamp = new Date()
    .toISOString()
    .replaceAll(":", "-")
    .replace(/\.\d+Z$/, "Z");
  const target = path.resolve(values.to ?? `backups/fresh-harvest-${stamp}.tar.gz`);

  const running = await runningStore(config.dataDir);
  let backup: Uint8Array;
  if (running) {
    if (!running.port || !running.backupToken) {
      throw new Error(
        "The running store is too old to take a backup while it runs: stop it first.",
      );
    }
    backup = await fromRunningStore(running.port, running.backupToken);
  } else {
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      backup = await takeBackup(database);
    } finally {
      await database.close();
    }
  }
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, backup, { mode: 0o600 });
  console.log(
    `Backed up ${config.dataDir} to ${target} (${(backup.length / 1024).toFixed(0)} KiB).`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
