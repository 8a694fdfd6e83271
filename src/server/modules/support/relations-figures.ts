// The figures of the Customer Relations dashboard, each read from an index of its own table.
import { sql } from "drizzle-orm";
import {
  EVENTS_AHEAD_DAYS,
  FIRST_REPLY_DAYS,
  type RelationsFigures,
} from "../../../shared/contracts/relations-figures.ts";
import { SHOP_TIME_ZONE } from "../../../shared/rules/bulk-delivery-date.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { ratingsSummary } from "./ratings.ts";

type Row = {
  open: number;
  overdue: number;
  median_minutes: number | string | null;
  unread: number;
  awaiting_review: number;
  confirmed_paise: number | string;
  confirmed: number;
};

export async function relationsFigures(db: Database): Promise<RelationsFigures> {
  const [result, ratings] = await Promise.all([
    db.execute(sql`
      with today as (select (now() at time zone ${SHOP_TIME_ZONE})::date as day)
      select
        (select count(*) from support_tickets where status = 'open')::int as open,
        (select count(*) from support_tickets
          where status = 'open' and reply_due_at < now())::int as overdue,
        (select percentile_cont(0.5) within group (
            order by extract(epoch from first_reply_at - created_at) / 60)
          from support_tickets
          where created_at >= now() - make_interval(days => ${FIRST_REPLY_DAYS}::int)
            and first_reply_at is not null and origin = 'contact_form') as median_minutes,
        (select count(*) from feedback where read_at is null)::int as unread,
        (select count(*) from bulk_orders where status = 'awaiting_review')::int
          as awaiting_review,
        (select coalesce(sum(quote_paise), 0) from bulk_orders
          where status = 'confirmed' and delivery_date >= (select day from today)
            and delivery_date < (select day from today) + ${EVENTS_AHEAD_DAYS}::int)
          as confirmed_paise,
        (select count(*) from bulk_orders
          where status = 'confirmed' and delivery_date >= (select day from today)
            and delivery_date < (select day from today) + ${EVENTS_AHEAD_DAYS}::int)::int
          as confirmed`),
    ratingsSummary(db),
  ]);
  const row = rowsOf<Row>(result)[0]!;
  return {
    openTickets: row.open,
    overdueTickets: row.overdue,
    medianFirstReplyMinutes:
      row.median_minutes === null ? null : Math.round(Number(row.median_minutes)),
    unreadFeedback: row.unread,
    averageRating7: ratings.average7,
    averageRating30: ratings.average30,
    bulkAwaitingReview: row.awaiting_review,
    confirmedEventsPaise: Number(row.confirmed_paise),
    confirmedEvents: row.confirmed,
  };
}
