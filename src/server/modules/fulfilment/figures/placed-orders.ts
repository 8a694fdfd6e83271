import { sql } from "drizzle-orm";

/**
 * Whether an order (of alias `o`) ever became a placed order: not one still awaiting its online
 * payment, nor one cancelled because that payment never came. The figures count only these; a
 * hold that lapsed is a basket left at the till, not an order the shop cancelled.
 */
export const everPlacedSql = (alias = "o") =>
  sql.raw(
    `${alias}.status <> 'awaiting_payment' and ${alias}.cancel_reason is distinct from 'unpaid'`,
  );

/** What an order (of alias `o`) gave back in refunds after delivery, in paise (0 with none). */
export const refundedAfterDeliverySql = (alias = "o") =>
  sql.raw(
    `coalesce((select sum(r.total_paise) from delivered_refunds r where r.order_id = ${alias}.id), 0)`,
  );
