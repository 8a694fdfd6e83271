import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.ts";
import type { PersonalDataPart } from "../../personal-data.ts";
import { idempotencyKeys } from "./schema.ts";

/** A kept answer of one scope whose field `field` names one of `values`, deleted. */
async function forget(tx: Transaction, scope: string, field: string, values: string[]) {
  if (values.length === 0) return;
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        inArray(sql`${idempotencyKeys.responseBody}->>${sql.raw(`'${field}'`)}`, values),
      ),
    );
}

/**
 * A checkout's or an advance's kept answer (an order view or a request, name and address
 * included) for a retry goes with the order or request erased before it.
 */
export const idempotencyPersonalData: PersonalDataPart = {
  tables: [idempotencyKeys],
  async eraseCustomer(tx, who) {
    await forget(
      tx,
      "checkout",
      "orderNumber",
      who.orders.map((order) => order.orderNumber),
    );
    await forget(
      tx,
      "bulk-advance",
      "ticketId",
      who.bulkOrders.map((request) => request.ticketId),
    );
  },
};
