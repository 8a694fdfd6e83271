import {
  AlarmClock,
  CalendarCheck,
  ClipboardList,
  MessageSquareHeart,
  MessagesSquare,
  Star,
} from "lucide-react";
import { formatRupees } from "../../../../shared/money.ts";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { PanelSkeleton } from "../../staff/ui/panel.tsx";
import { StatCard } from "../../staff/ui/stat-card.tsx";
import { useRelationsFigures } from "../api/bulk-pipeline.ts";
import { RELATIONS_TEXT } from "../texts.ts";

const text = RELATIONS_TEXT.figures;
const icon = "h-5 w-5";

/** The dashboard's figures, live: what is owed to customers now, and how it has gone. */
export function RelationsFigures() {
  const figures = useRelationsFigures();
  const data = figures.data;
  if (figures.isPending) return <PanelSkeleton label={text.loading} rows={2} />;
  if (!data) return <LoadError error={figures.error} onRetry={() => void figures.refetch()} />;
  const average = (value: number | null) =>
    value === null ? RELATIONS_TEXT.ratings.noAverage : RELATIONS_TEXT.ratings.outOfFive(value);
  return (
    <section aria-label={text.label}>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
        <StatCard
          label={text.open}
          value={String(data.openTickets)}
          detail={text.overdue(data.overdueTickets)}
          icon={<MessagesSquare className={icon} />}
          tone={data.overdueTickets > 0 ? "red" : "green"}
          testId="relations-open-tickets"
        />
        <StatCard
          label={text.firstReply}
          value={
            data.medianFirstReplyMinutes === null ? "—" : text.minutes(data.medianFirstReplyMinutes)
          }
          detail={data.medianFirstReplyMinutes === null ? text.noReplies : undefined}
          icon={<AlarmClock className={icon} />}
          tone="neutral"
          testId="relations-first-reply"
        />
        <StatCard
          label={text.feedback}
          value={String(data.unreadFeedback)}
          icon={<MessageSquareHeart className={icon} />}
          tone={data.unreadFeedback > 0 ? "saffron" : "neutral"}
          testId="relations-unread-feedback"
        />
        <StatCard
          label={text.rating}
          value={average(data.averageRating7)}
          detail={text.ratingDetail(average(data.averageRating30))}
          icon={<Star className={icon} />}
          tone="saffron"
          testId="relations-rating"
        />
        <StatCard
          label={text.review}
          value={String(data.bulkAwaitingReview)}
          icon={<ClipboardList className={icon} />}
          tone={data.bulkAwaitingReview > 0 ? "saffron" : "neutral"}
          testId="relations-bulk-review"
        />
        <StatCard
          label={text.events}
          value={formatRupees(data.confirmedEventsPaise)}
          detail={text.eventsDetail(data.confirmedEvents)}
          icon={<CalendarCheck className={icon} />}
          tone="green"
          testId="relations-events"
        />
      </ul>
    </section>
  );
}
