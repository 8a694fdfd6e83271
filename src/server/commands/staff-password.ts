// `npm run staff:password -- <username> [--reset-two-factor]`, the password on standard input.
// The only way a staff password is set or reset: no web page or email can do it.
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { storeIsRunning } from "../db/running-store-note.ts";
import { seedDatabase } from "../db/seed/seed.ts";
import { STAFF_MEMBERS, staffMemberNamed } from "../modules/staff/staff-members.ts";
import { staffPasswordProblem } from "../modules/staff/staff-password-rules.ts";
import { resetStaffTwoFactor, setStaffPassword } from "../modules/staff/staff-passwords.ts";

const USAGE = `Usage: npm run staff:password -- <username> [--reset-two-factor]
  The new password is read from standard input (typed, hidden, or piped in).
  Usernames: ${STAFF_MEMBERS.map((member) => member.username).join(", ")}`;

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
  const member = positionals.length === 1 ? staffMemberNamed(positionals[0]!) : undefined;
  if (!member)
    throw new Error(
      positionals.length === 1 ? `No staff member is called "${positionals[0]}".\n${USAGE}` : USAGE,
    );

  const config = loadConfig();
  // The embedded database belongs to the one process that opened it.
  if (!config.databaseUrl && (await storeIsRunning(config.dataDir))) {
    throw new Error(
      "The store is running on this embedded database. Stop it, set the password, then start it again.",
    );
  }
  const password = await readPassword(`New password for ${member.username} (${member.name}): `);
  const problem = staffPasswordProblem(password);
  if (problem) throw new Error(problem);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    await seedDatabase(database.db);
    await setStaffPassword(database.db, member, password);
    if (values["reset-two-factor"]) {
      await resetStaffTwoFactor(database.db, member.id);
    }
  } finally {
    await database.close();
  }
  console.log(
    `The password of ${member.username} (${member.name}) is set; their sessions have ended.${
      values["reset-two-factor"] ? " They enrol a new authenticator app at their next sign-in." : ""
    }`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
