// The embedded database belongs to the one process that opened it: PGlite has no lock of its own.
// The running store leaves a note with its process id in its data folder, so a command (`npm run
// staff:password`) can tell it must not open the same folder now.
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const notePath = (dataDir: string) => path.join(dataDir, "running.json");

/**
 * What a command may ask the running store, and how: its port and the token of its backup route
 * (the note is readable only by the store's own user, like the database beside it).
 */
export type RunningStore = { pid: number; port?: number; backupToken?: string };

export async function writeRunningNote(
  dataDir: string,
  contact: Omit<RunningStore, "pid"> = {},
): Promise<void> {
  const note: RunningStore = { pid: process.pid, ...contact };
  await writeFile(notePath(dataDir), JSON.stringify(note), { mode: 0o600 });
}

/** The running store's note, when a store is running on this folder now. */
export async function runningStore(dataDir: string): Promise<RunningStore | undefined> {
  if (!(await storeIsRunning(dataDir))) return undefined;
  return JSON.parse(await readFile(notePath(dataDir), "utf8")) as RunningStore;
}

export async function removeRunningNote(dataDir: string): Promise<void> {
  await rm(notePath(dataDir), { force: true });
}

/** Whether a store is running on this folder now; a note left by a store that died is ignored. */
export async function storeIsRunning(dataDir: string): Promise<boolean> {
  let pid: number;
  try {
    pid = (JSON.parse(await readFile(notePath(dataDir), "utf8")) as { pid: number }).pid;
  } catch {
    return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so the store is running.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
