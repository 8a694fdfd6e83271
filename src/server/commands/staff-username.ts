// `npm run staff:username -- <username> <new-username>`: a staff member chooses the username they
// sign in with. Like the password, it is set only here, on the server: no web page changes it.
import { parseArgs } from "node:util";
import { DASHBOARDS, type StaffRole } from "../../shared/rules/staff.ts";
import { STAFF_USERNAME_LENGTH } from "../../shared/rules/staff-sign-in.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { storeIsRunning } from "../db/running-store-note.ts";
import { seedDatabase } from "../db/seed/seed.ts";
import {
  chooseStaffUsername,
  StaffUsernameProblem,
  staffMembersNow,
} from "../modules/staff/index.ts";

const USAGE = `Usage: npm run staff:username -- <username> <new-username>
  <username> is the one the member signs in with now; <new-username> has ${STAFF_USERNAME_LENGTH.min} to ${STAFF_USERNAME_LENGTH.max}
  letters a-z, digits, dots and underscores, and is theirs whatever its case.`;

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 2) throw new Error(USAGE);
  const [current, wanted] = positionals as [string, string];

  const config = loadConfig();
  // The embedded database belongs to the one process that opened it.
  if (!config.databaseUrl && (await storeIsRunning(config.dataDir))) {
    throw new Error(
      "The store is running on this embedded database. Stop it, choose the username, then start it again.",
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
    const { member, username } = await chooseStaffUsername(database.db, current, wanted).catch(
      async (error: unknown) => {
        if (!(error instanceof StaffUsernameProblem)) throw error;
        const names = (await staffMembersNow(database.db)).map((one) => one.username).join(", ");
        throw new Error(`${error.message}\nUsernames now: ${names}`);
      },
    );
    const dashboard = DASHBOARDS[member.role as StaffRole].title;
    console.log(
      `${member.name} (${dashboard}) now signs in as "${username}" instead of "${member.username}"; their sessions have ended.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
