import { Star, ThumbsUp } from "lucide-react";
import { lazy, Suspense } from "react";
import type { LowRating, RatingsSummary } from "../../../../shared/contracts/customer-voice.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { formatIndiaDay } from "../../../../shared/rules/harvest-date.ts";
import { DateTime } from "../../../components/date-time.tsx";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { EmptyState, Panel, PanelSkeleton } from "../../staff/ui/panel.tsx";
import { StatCard } from "../../staff/ui/stat-card.tsx";
import { useFollowUpRating, useLowRatings, useRatings } from "../api/customer-voice.ts";
import { RELATIONS_TEXT } from "../texts.ts";
import { AnswerDisclosure } from "./answer-disclosure.tsx";

const RatingsChart = lazy(() => import("./ratings-chart.tsx"));
const text = RELATIONS_TEXT.ratings;

function Averages({ summary }: { summary: RatingsSummary }) {
  const average = (value: number | null) =>
    value === null ? text.noAverage : text.outOfFive(value);
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      <StatCard
        label={text.average7}
        value={average(summary.average7)}
        detail={text.ratingsCount(summary.count7)}
        icon={<Star className="h-5 w-5" />}
        tone="saffron"
        testId="ratings-average-7"
      />
      <StatCard
        label={text.average30}
        value={average(summary.average30)}
        detail={text.ratingsCount(summary.count30)}
        icon={<Star className="h-5 w-5" />}
        tone="green"
        testId="ratings-average-30"
      />
    </ul>
  );
}

/** Bars of how many ratings gave each number of stars, five to one. */
function Distribution({ summary }: { summary: RatingsSummary }) {
  const most = Math.max(1, ...summary.distribution.map((entry) => entry.count));
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-ink-700">{text.distribution}</h3>
      <dl className="space-y-1.5" data-testid="ratings-distribution">
        {[...summary.distribution].reverse().map((entry) => (
          <div
            key={entry.stars}
            className="grid grid-cols-[4.5rem_minmax(0,1fr)_3.5rem] items-center gap-2 text-sm"
          >
            <dt className="text-ink-700">{text.starsLabel(entry.stars)}</dt>
            <dd className="h-3 overflow-hidden rounded-full bg-cream-200" aria-hidden="true">
              <span
                className={
                  entry.stars <= 2 ? "block h-full bg-red-600" : "block h-full bg-brand-600"
                }
                style={{ width: `${(entry.count / most) * 100}%` }}
              />
            </dd>
            <dd className="text-right tabular-nums text-ink-900">
              {entry.count.toLocaleString("en-IN")}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Trend({ summary }: { summary: RatingsSummary }) {
  if (summary.trend.length === 0) {
    return <p className="text-sm text-ink-500">{text.trendEmpty}</p>;
  }
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-ink-700">{text.trend}</h3>
      <div className="h-48" aria-hidden="true">
        <Suspense
          fallback={
            <div className="flex h-full items-center justify-center">
              <Spinner label={text.loading} />
            </div>
          }
        >
          <RatingsChart trend={summary.trend} />
        </Suspense>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700">{text.trendCaption}</summary>
        <table className="mt-2 w-full">
          <caption className="sr-only">{text.trendCaption}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 text-left font-semibold text-ink-500">
                {text.day}
              </th>
              <th scope="col" className="py-1 text-right font-semibold text-ink-500">
                {text.average}
              </th>
              <th scope="col" className="py-1 text-right font-semibold text-ink-500">
                {text.count}
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.trend.map((day) => (
              <tr key={day.day} className="border-t border-cream-200">
                <td className="py-1">{formatIndiaDay(day.day)}</td>
                <td className="py-1 text-right tabular-nums">{day.average.toFixed(2)}</td>
                <td className="py-1 text-right tabular-nums">{day.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

function LowRatingItem({
  rating,
  onOpenTicket,
}: {
  rating: LowRating;
  onOpenTicket(reference: string): void;
}) {
  const followUp = useFollowUpRating();
  return (
    <li data-testid="low-rating" className="rounded-xl border border-red-200 bg-red-50/40 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <span className="font-semibold text-ink-900">{rating.orderNumber}</span>{" "}
          <span className="text-red-800">{text.stars(rating.rating)}</span>
        </p>
        <span className="text-xs text-ink-500">
          <DateTime iso={rating.ratedAt} />
        </span>
      </div>
      <p className="mt-1 text-sm text-ink-700">
        <bdi>{rating.customerName}</bdi> · {rating.email} · {formatRupees(rating.totalPaise)}
      </p>
      {rating.earlierTickets.length > 0 && (
        <p className="mt-2 text-sm text-ink-700">
          {text.earlierTickets(rating.earlierTickets.length)}{" "}
          {rating.earlierTickets.map((reference, index) => (
            <span key={reference}>
              {index > 0 && ", "}
              <button
                type="button"
                className="font-semibold text-brand-700 underline"
                onClick={() => onOpenTicket(reference)}
              >
                {reference}
              </button>
            </span>
          ))}
        </p>
      )}
      {rating.ticketReference ? (
        <button
          type="button"
          className="mt-2 text-sm font-semibold text-brand-700 underline"
          onClick={() => onOpenTicket(rating.ticketReference!)}
        >
          {RELATIONS_TEXT.feedback.openTicket(rating.ticketReference)}
        </button>
      ) : (
        <AnswerDisclosure
          button={text.followUp}
          buttonLabel={text.followUpOf(rating.orderNumber)}
          label={text.followUpLabel}
          hint={text.followUpHint}
          send={text.send}
          sending={RELATIONS_TEXT.ticket.sending}
          cancel={RELATIONS_TEXT.feedback.cancel}
          submit={async (body) => {
            const { reference } = await followUp.mutateAsync({
              orderNumber: rating.orderNumber,
              body,
            });
            toast.success(text.opened(reference));
          }}
        />
      )}
    </li>
  );
}

function LowRatings({ onOpenTicket }: { onOpenTicket(reference: string): void }) {
  const low = useLowRatings();
  const ratings = low.data?.pages.flatMap((page) => page.ratings) ?? [];
  return (
    <section aria-labelledby="low-ratings-title">
      <h3 id="low-ratings-title" className="mb-2 text-sm font-semibold text-ink-700">
        {text.low}
      </h3>
      {low.isPending ? (
        <PanelSkeleton label={text.lowLoading} rows={2} />
      ) : !low.data ? (
        <LoadError error={low.error} onRetry={() => void low.refetch()} />
      ) : ratings.length === 0 ? (
        <EmptyState icon={ThumbsUp} title={text.lowEmpty} />
      ) : (
        <>
          <ul className="space-y-3">
            {ratings.map((rating) => (
              <LowRatingItem key={rating.orderNumber} rating={rating} onOpenTicket={onOpenTicket} />
            ))}
          </ul>
          {low.hasNextPage && (
            <Button
              variant="outline"
              className="mt-4"
              disabled={low.isFetchingNextPage}
              onClick={() => void low.fetchNextPage()}
            >
              {text.more}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

/** Averages, the spread of stars, the trend, and every low rating with its follow-up. */
export function RatingsPanel({ onOpenTicket }: { onOpenTicket(reference: string): void }) {
  const ratings = useRatings();
  return (
    <Panel title={text.heading} description={text.intro} testId="ratings-panel">
      {ratings.isPending ? (
        <PanelSkeleton label={text.loading} />
      ) : !ratings.data ? (
        <LoadError error={ratings.error} onRetry={() => void ratings.refetch()} />
      ) : (
        <div className="space-y-6">
          <Averages summary={ratings.data} />
          <Distribution summary={ratings.data} />
          <Trend summary={ratings.data} />
          <LowRatings onOpenTicket={onOpenTicket} />
        </div>
      )}
    </Panel>
  );
}
