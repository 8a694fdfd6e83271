// Server-side commands (like `npm run bulk:quote`) must not open the embedded database while the
// store has it open: PGlite is one process. The running store therefore leaves a note in its data
// folder, readable only by its own user, with where it listens and a one-time-per-start token;
// a command finding a live store sends its work there instead.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import { type Config, isLoopbackHost } from "../../config.ts";
import { noRoute } from "../../http/no-route.ts";
import { proxyTrust } from "../../http/trusted-proxies.ts";

/** Where the store listens, its start's token, and the origin its state-changing requests need. */
export type OpsNote = { url: string; token: string; pid: number; origin: string };

export const opsNotePath = (dataDir: string) => path.join(dataDir, "ops.json");

export async function writeOpsNote(
  dataDir: string,
  url: string,
  token: string,
  publicUrl: string,
): Promise<void> {
  const note: OpsNote = { url, token, pid: process.pid, origin: new URL(publicUrl).origin };
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

/** Headers a reverse proxy adds; the store's own commands never send them. */
const PROXY_HEADERS = [
  "x-forwarded-for",
  "forwarded",
  "x-real-ip",
  "x-forwarded-host",
  "x-forwarded-proto",
];

/**
 * Only a command on this machine holding this start's token gets through, and only while the store
 * is a demo or listens on loopback alone. A reverse proxy on this machine connects from loopback
 * too, so whatever came through one (its headers, or a peer TRUST_PROXY names) is turned away.
 * Every refusal looks like a path the store does not serve: the channel's existence is no one's
 * business but the store's own.
 */
export function requireOpsToken(
  token: string,
  config: Pick<Config, "demoMode" | "host" | "trustProxy">,
) {
  const expected = Buffer.from(`Bearer ${token}`);
  const open = config.demoMode || isLoopbackHost(config.host);
  const trusted = proxyTrust(config.trustProxy);
  return async (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    const { remoteAddress = "", localAddress } = request.socket;
    const viaProxy =
      PROXY_HEADERS.some((name) => request.headers[name] !== undefined) ||
      (trusted !== false && trusted(remoteAddress, 0));
    // Loopback, or this machine's own address when the store listens on one interface only.
    const fromHere = LOOPBACK.has(remoteAddress) || remoteAddress === localAddress;
    const tokenMatches = given.length === expected.length && timingSafeEqual(given, expected);
    if (!open || viaProxy || !fromHere || !tokenMatches) throw noRoute(request);
  };
}
