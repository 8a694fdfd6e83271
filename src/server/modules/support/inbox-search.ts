// What the inbox's search box and filters mean. The search matches a ticket's reference, the
// customer's name, email or phone, its order number, or words anywhere in its conversation; a
// whole reference is looked up by its unique index alone. What the person typed is always a
// parameter, and `%`, `_` and `\` in it are letters, never patterns.
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { inboxQuerySchema, TicketAge } from "../../../shared/contracts/support-inbox.ts";
import { SHOP_TIME_ZONE } from "../../../shared/rules/bulk-delivery-date.ts";
import { normalizeIndianMobile } from "../../../shared/rules/formats.ts";

type Query = z.output<typeof inboxQuerySchema>;

/** A LIKE pattern that finds `text` anywhere, with the escape character `\`. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

const REFERENCE = /^SUP-\d{6}$/i;

function searchCondition(text: string): SQL {
  if (REFERENCE.test(text)) return sql`t.reference = ${text.toUpperCase()}`;
  const pattern = containsPattern(text);
  const like = (column: SQL) => sql`${column} ilike ${pattern} escape '\\'`;
  const mobile = normalizeIndianMobile(text);
  return sql`(${sql.join(
    [
      like(sql`t.reference`),
      like(sql`t.name`),
      like(sql`t.email`),
      like(sql`t.phone`),
      ...(mobile ? [sql`t.phone = ${mobile}`] : []),
      like(sql`t.order_number`),
      like(sql`t.message`),
      sql`exists (select 1 from support_messages m
        where m.ticket_id = t.id and ${like(sql`m.body`)})`,
    ],
    sql` or `,
  )})`;
}

/** The India day's start, for "Today". */
const todayStart = sql`(date_trunc('day', now() at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE})`;

const AGE: Record<TicketAge, SQL> = {
  hour: sql`t.created_at > now() - interval '1 hour'`,
  today: sql`t.created_at >= ${todayStart}`,
  day: sql`t.created_at < now() - interval '1 day'`,
  week: sql`t.created_at < now() - interval '7 days'`,
};

/** The search and filters as one condition on the ticket aliased `t`. */
export function inboxFilter(query: Query): SQL {
  const where: SQL[] = [];
  if (query.q) where.push(searchCondition(query.q));
  if (query.type) where.push(sql`t.query_type = ${query.type}`);
  if (query.age) where.push(AGE[query.age]);
  return where.length ? sql.join(where, sql` and `) : sql`true`;
}
