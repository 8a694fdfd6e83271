// `npm run staff:password -- <username> [--reset-two-factor]`, the password on standard input.
// The only way a staff password is set or reset: no web page or email can do it.
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { STAFF_USERNAME_MESSAGES } from "../../shared/rules/staff-sign-in.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { storeIsRunning } from "../db/running-store-note.ts";
import { seedDatabase } from "../db/seed/seed.ts";
import {
  resetStaffTwoFactor,
  setStaffPassword,
  staffMemberByUsername,
  staffMembersNow,
  staffPasswordProblem,
} from "../modules/staff/index.ts";

const USAGE = `Usage: npm run staff:password -- <username> [--reset-two-factor]
  <username> is the one the member signs in with now.
  The new password is read from standard input (typed, hidden, or piped in).`;

/** Typed at a terminal without showing it, or read whole from a pipe (one trailing newline dropped). */
async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString("utf8")
      .replace(/\r?\n$/, "");
  }
  process.stderr.write(prompt);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = createInterface({ input: process.stdin, output: silent, terminal: true });
  const typed = await new Promise<string>((resolve) => lines.once("line", resolve));
  lines.close();
  process.stderr.write("\n");
  return typed;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { "reset-two-factor": { type: "boolean", default: false } },
  });
  if (positionals.length !== 1) throw new Error(USAGE);
  const [username] = positionals as [string];

  const config = loadConfig();
  // The embedded database belongs to the one process that opened it.
  if (!config.databaseUrl && (await storeIsRunning(config.dataDir))) {
    throw new Error(
      "The store is running on this embedded database. Stop it, set the password, then start it again.",
    );
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    namedStatements: config.databaseNamedStatements,
    dataDir: config.dataDir,
  });
  try {
    await database.migrate();
    await seedDatabase(database.db);
    // Members choose their own usernames (`npm run staff:username`): the database knows them.
    const member = await staffMemberByUsername(database.db, username);
    if (!member) {
      const names = (await staffMembersNow(database.db)).map((one) => one.username).join(", ");
      throw new Error(
        `${STAFF_USERNAME_MESSAGES.unknown(username)}\nUsernames now: ${names}\n${USAGE}`,
      );
    }
    const password = await readPassword(`New password for ${member.username} (${member.name}): `);
    const problem = staffPasswordProblem(password);
    if (problem) throw new Error(problem);
    await setStaffPassword(database.db, member, password);
    if (values["reset-two-factor"]) {
      await resetStaffTwoFactor(database.db, member.id);
    }
    console.log(
      `The password of ${member.username} (${member.name}) is set; their sessions have ended.${
        values["reset-two-factor"]
          ? " They enrol a new authenticator app at their next sign-in."
          : ""
      }`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
