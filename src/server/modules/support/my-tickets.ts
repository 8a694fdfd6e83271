import { desc, eq } from "drizzle-orm";
import type { MyTickets } from "../../../shared/contracts/support-inbox.ts";
import type { Database } from "../../db/client.ts";
import { supportTickets } from "./schema.ts";
import { ticketPath } from "./ticket-link.ts";

/** How many of a customer's tickets their account lists: the recent conversations. */
const LISTED = 50;

/** A signed-in customer's tickets, each with a fresh signed link, the same the emails carry. */
export async function myTickets(
  db: Database,
  customerId: string,
  linkKey: string,
): Promise<MyTickets> {
  const rows = await db
    .select({
      reference: supportTickets.reference,
      status: supportTickets.status,
      queryType: supportTickets.queryType,
      createdAt: supportTickets.createdAt,
      updatedAt: supportTickets.updatedAt,
    })
    .from(supportTickets)
    .where(eq(supportTickets.customerId, customerId))
    .orderBy(desc(supportTickets.id))
    .limit(LISTED);
  return {
    tickets: rows.map((row) => ({
      ...row,
      queryType: row.queryType as MyTickets["tickets"][number]["queryType"],
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      path: ticketPath(linkKey, row.reference),
    })),
  };
}
