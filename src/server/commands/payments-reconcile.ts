// `npm run payments:reconcile -- --since 2026-11-01 [--until 2026-11-26]`: compares the store's
// payments with the provider's and reports every difference. Exits 0 when they agree, 2 when not.
import { parseArgs } from "node:util";
import { addDays, shopDate } from "../../shared/rules/bulk-delivery-date.ts";
import { shopDayStart } from "../../shared/rules/shop-time.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { storeIsRunning } from "../db/running-store-note.ts";
import { gatewayFor, reconcilePayments } from "../modules/payments/index.ts";

const USAGE = `Usage: npm run payments:reconcile -- --since YYYY-MM-DD [--until YYYY-MM-DD]
  India days, both included; --until defaults to today.`;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

async function main() {
  const { values } = parseArgs({
    options: { since: { type: "string" }, until: { type: "string" } },
  });
  const since = values.since;
  const until = values.until ?? shopDate(new Date());
  if (!since || !DAY.test(since) || !DAY.test(until) || since > until) throw new Error(USAGE);

  const config = loadConfig();
  const gateway = gatewayFor(config);
  if (!gateway || config.payments.provider !== "razorpay") {
    throw new Error(
      "Reconciliation compares the store with Razorpay: set PAYMENT_PROVIDER=razorpay and its keys. (The test provider keeps its payments in the running store's memory.)",
    );
  }
  if (!config.databaseUrl && (await storeIsRunning(config.dataDir))) {
    throw new Error(
      "The store is running on this embedded database. Stop it to reconcile, or reconcile a copy.",
    );
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    namedStatements: config.databaseNamedStatements,
    dataDir: config.dataDir,
  });
  try {
    const window = { from: shopDayStart(since), to: shopDayStart(addDays(until, 1)) };
    const report = await reconcilePayments(database.db, gateway, window);
    console.log(
      `Payments from ${since} to ${until}: ${report.provider} at Razorpay, ${report.store} in the store.`,
    );
    if (report.differences.length === 0) {
      console.log("They agree.");
      return 0;
    }
    console.log(`${report.differences.length} difference(s):`);
    for (const difference of report.differences) {
      console.log(`  ${difference.paymentId} [${difference.kind}] ${difference.says}`);
    }
    return 2;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
