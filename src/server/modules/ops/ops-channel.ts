// Server-side commands (like `npm run bulk:quote`) must not open the embedded database while the
// store has it open: PGlite is one process. The running store therefore leaves a note in its data
// folder, readable only by its own user, with where it listens and a one-time-per-start token;
// a command finding a live store sends its work there instead.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.ts";

export type OpsNote = { url: string; token: string; pid: number };

export const opsNotePath = (dataDir: string) => path.join(dataDir, "ops.json");

export async function writeOpsNote(dataDir: string, url: string, token: string): Promise<void> {
  const note: OpsNote = { url, token, pid: process.pid };
  await writeFile(opsNotePath(dataDir), JSON.stringify(note), { mode: 0o600 });
}

export async function removeOpsNote(dataDir: string): Promise<void> {
  await rm(opsNotePath(dataDir), { force: true });
}

/** The note of a store that is running now; a note left by a store that died is ignored. */
export async function readLiveOpsNote(dataDir: string): Promise<OpsNote | undefined> {
  let note: OpsNote;
  try {
    note = JSON.parse(await readFile(opsNotePath(dataDir), "utf8")) as OpsNote;
  } catch {
    return undefined;
  }
  try {
    process.kill(note.pid, 0);
    return note;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so the store is running.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? note : undefined;
  }
}

export const newOpsToken = () => randomBytes(32).toString("base64url");

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** Only a command on this machine holding this start's token gets through. */
export function requireOpsToken(token: string) {
  const expected = Buffer.from(`Bearer ${token}`);
  return async (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    const { remoteAddress, localAddress } = request.socket;
    // Loopback, or this machine's own address when the store listens on one interface only.
    const fromHere = LOOPBACK.has(remoteAddress ?? "") || remoteAddress === localAddress;
    if (!fromHere || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError("FORBIDDEN", "This operation is only for the store's own commands.");
    }
  };
}
