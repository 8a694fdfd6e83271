// Order ratings as Customer Relations reads them: averages over 7 and 30 India days, the spread
// of stars, the daily trend, the 1- and 2-star ratings newest first, and a follow-up of one.
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  LOW_RATING_MAX,
  type LowRatingsPage,
  RATING_DAYS,
  type RatingsSummary,
  VOICE_MESSAGES,
  VOICE_PAGE,
} from "../../../shared/contracts/customer-voice.ts";
import { addDays, SHOP_TIME_ZONE, shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { notFound } from "../../http/app-error.ts";
import { orders } from "../orders/schema.ts";
import { openFollowUp } from "./follow-up.ts";
import type { ReplyDeps } from "./ticket-changes.ts";

const WEEK = 7;

/** The India day of a rating, spelled as the index `orders_rated_day_idx` has it. */
const RATED_DAY = sql.raw(`((o.rated_at at time zone '${SHOP_TIME_ZONE}')::date)`);

/**
 * One pass over the last 30 India days' ratings, counted by day and stars from the index alone;
 * the week, the month, the spread and the trend are summed from those at most 150 rows here.
 */
export async function ratingsSummary(db: Database, now = new Date()): Promise<RatingsSummary> {
  const today = shopDate(now);
  const weekStart = addDays(today, -(WEEK - 1));
  const result = await db.execute(sql`
    select ${RATED_DAY}::text as day, o.rating, count(*)::int as count
    from orders o
    where o.rating is not null and ${RATED_DAY} >= ${addDays(today, -(RATING_DAYS - 1))}::date
    group by ${RATED_DAY}, o.rating
    order by 1`);
  const rows = rowsOf<{ day: string; rating: number; count: number }>(result);
  const tally = (filter: (row: (typeof rows)[number]) => boolean) => {
    const picked = rows.filter(filter);
    const count = picked.reduce((sum, row) => sum + row.count, 0);
    const stars = picked.reduce((sum, row) => sum + row.rating * row.count, 0);
    return { count, average: count ? Math.round((stars / count) * 100) / 100 : null };
  };
  const week = tally((row) => row.day >= weekStart);
  const month = tally(() => true);
  const days = [...new Set(rows.map((row) => row.day))];
  return {
    average7: week.average,
    average30: month.average,
    count7: week.count,
    count30: month.count,
    distribution: [1, 2, 3, 4, 5].map((stars) => ({
      stars,
      count: tally((row) => row.rating === stars).count,
    })),
    trend: days.map((day) => {
      const { average, count } = tally((row) => row.day === day);
      return { day, average: average ?? 0, count };
    }),
  };
}

type LowRow = {
  id: number;
  order_number: string;
  rating: number;
  rated_at: Date | string;
  rated_micros: string;
  first_name: string;
  last_name: string;
  email: string;
  total_paise: number;
  ticket_reference: string | null;
  earlier_tickets: string[] | null;
};

export async function listLowRatings(db: Database, cursor?: string): Promise<LowRatingsPage> {
  const [micros, id] = cursor ? cursor.split(".") : [];
  const after = cursor
    ? sql`(o.rated_at, o.id) < (to_timestamp(${micros}::bigint / 1000000.0), ${Number(id)})`
    : sql`true`;
  const rows = rowsOf<LowRow>(
    await db.execute(sql`
      select o.id, o.order_number, o.rating, o.rated_at, o.first_name, o.last_name, o.email,
        o.total_paise, (extract(epoch from o.rated_at) * 1000000)::bigint::text as rated_micros,
        (select t.reference from support_tickets t
          where t.origin = 'rating' and t.order_number = o.order_number) as ticket_reference,
        (select array_agg(t.reference order by t.created_at, t.id) from support_tickets t
          where t.order_number = o.order_number and t.origin <> 'rating') as earlier_tickets
      from orders o
      where o.rating <= ${LOW_RATING_MAX} and ${after}
      order by o.rated_at desc, o.id desc
      limit ${VOICE_PAGE + 1}`),
  );
  const shown = rows.slice(0, VOICE_PAGE);
  const last = shown.at(-1);
  return {
    ratings: shown.map((row) => ({
      orderNumber: row.order_number,
      rating: row.rating,
      ratedAt: new Date(row.rated_at).toISOString(),
      customerName: [row.first_name, row.last_name].filter(Boolean).join(" "),
      email: row.email,
      totalPaise: row.total_paise,
      ticketReference: row.ticket_reference,
      earlierTickets: row.earlier_tickets ?? [],
    })),
    nextCursor: rows.length > VOICE_PAGE && last ? `${last.rated_micros}.${last.id}` : null,
  };
}

/** One action: a conversation with the customer about their low rating, linked to the order. */
export async function followUpRating(
  deps: ReplyDeps,
  request: FastifyRequest,
  orderNumber: string,
  body: string,
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.orderNumber, orderNumber),
          isNotNull(orders.rating),
          lte(orders.rating, LOW_RATING_MAX),
        ),
      );
    if (!order) throw notFound(VOICE_MESSAGES.noRating);
    return openFollowUp(
      tx,
      deps,
      request,
      {
        origin: "rating",
        queryType: "feedback",
        name: [order.firstName, order.lastName].filter(Boolean).join(" "),
        email: order.email,
        customerId: order.customerId,
        orderNumber,
        message: `Rated order ${orderNumber} ${order.rating} of 5 stars.`,
        reply: body,
        answers: { type: "order", id: orderNumber },
      },
      VOICE_MESSAGES.alreadyFollowedUp,
    );
  });
}
