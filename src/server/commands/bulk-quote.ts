// `npm run bulk:quote -- BOR-123456-1234 12500 [--approve-cod]`
// Customer relations prices a bulk request (in rupees) until the staff dashboard exists: the
// request moves to Awaiting Payment and the requester is emailed the quote and the 50% advance.
import { parseArgs } from "node:util";
import { z } from "zod";
import { type BulkOrderView, bulkQuoteSchema } from "../../shared/contracts/bulk-orders.ts";
import { formatRupees, rupeesToPaise } from "../../shared/money.ts";
import { BULK_STATUS_LABELS } from "../../shared/rules/bulk-order-status.ts";
import { BULK_TICKET_PATTERN } from "../../shared/rules/ticket-numbers.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { isNoRouteMessage } from "../http/no-route.ts";
import { resolveAuthSecret } from "../modules/auth/auth-secret.ts";
import { bulkLinkKeyFrom, confirmationLink } from "../modules/bulk-orders/bulk-order-link.ts";
import { quoteBulkOrder } from "../modules/bulk-orders/quote-bulk-order.ts";
import { type OpsNote, readLiveOpsNote } from "../modules/ops/ops-channel.ts";

const USAGE =
  "Usage: npm run bulk:quote -- BOR-123456-1234 <quote in rupees, e.g. 12500> [--approve-cod]";

const argsSchema = z.object({
  ticketId: z
    .string({ message: USAGE })
    .regex(BULK_TICKET_PATTERN, "The ticket ID must look like BOR-123456-1234."),
  rupees: z
    .string({ message: USAGE })
    .regex(/^\d+(\.\d{1,2})?$/, "The quote must be an amount in rupees, like 12500 or 12500.50."),
});

type Quote = { ticketId: string; quotePaise: number; approveCod: boolean };

/** A store running on the embedded database holds it: ask that store to do it. */
async function quoteThroughStore(note: OpsNote, quote: Quote): Promise<BulkOrderView> {
  const response = await fetch(
    `${note.url}/api/ops/bulk-orders/${encodeURIComponent(quote.ticketId)}/quote`,
    {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${note.token}`,
        // The store takes state-changing requests from its own origin only, which it noted.
        origin: note.origin,
      },
      body: JSON.stringify({ quotePaise: quote.quotePaise, approveCod: quote.approveCod }),
    },
  );
  const body = (await response.json()) as BulkOrderView & { message?: string };
  if (isNoRouteMessage(body.message)) {
    throw new Error(
      "The running store takes commands only as a demo or when it listens on 127.0.0.1 or ::1, and never through a proxy (TRUST_PROXY naming this machine counts as one). Stop the store, run the command, then start the store again.",
    );
  }
  if (!response.ok) throw new Error(body.message ?? `The store answered ${response.status}.`);
  return body;
}

async function quoteInDatabase(quote: Quote): Promise<BulkOrderView> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const linkSecret = bulkLinkKeyFrom(await resolveAuthSecret(database.db, config.authSecret));
    return await quoteBulkOrder(
      database.db,
      (ticketId) => confirmationLink(config.publicUrl, linkSecret, ticketId),
      quote,
    );
  } finally {
    await database.close();
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { "approve-cod": { type: "boolean", default: false } },
  });
  const args = argsSchema.parse({ ticketId: positionals[0], rupees: positionals[1] });
  const { quotePaise, approveCod } = bulkQuoteSchema.parse({
    quotePaise: rupeesToPaise(Number(args.rupees)),
    approveCod: values["approve-cod"],
  });
  const quote = { ticketId: args.ticketId, quotePaise, approveCod };

  const config = loadConfig();
  const note = config.databaseUrl ? undefined : await readLiveOpsNote(config.dataDir);
  const view = note ? await quoteThroughStore(note, quote) : await quoteInDatabase(quote);
  console.log(
    `${view.ticketId} is now ${BULK_STATUS_LABELS[view.status]}: quote ${formatRupees(view.quotePaise ?? 0)}, advance ${formatRupees(view.advancePaise ?? 0)}${view.codApproved ? ", cash on delivery approved" : ""}.`,
  );
  console.log(
    note || config.databaseUrl
      ? `The quote email to ${view.email} is on its way.`
      : `The quote email to ${view.email} is in the outbox; it goes out when the store next starts.`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof z.ZodError) {
    console.error(error.issues.map((issue) => issue.message).join("\n"));
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
