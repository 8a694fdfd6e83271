import { AlarmClock, CircleAlert } from "lucide-react";
import { formatAge } from "../../../../shared/rules/order-fulfilment.ts";
import { cn } from "../../../lib/cn.ts";
import { RELATIONS_TEXT } from "../texts.ts";

/** The hours left of the reply promise, or how far past it; red once overdue, saffron near it. */
const SOON_MS = 2 * 60 * 60 * 1000;

export function ReplyClock({ dueAt, now }: { dueAt: string | null; now: Date }) {
  if (!dueAt) return <span className="text-ink-500">{RELATIONS_TEXT.clock.none}</span>;
  const left = Date.parse(dueAt) - now.getTime();
  const overdue = left < 0;
  const Icon = overdue ? CircleAlert : AlarmClock;
  return (
    <span
      data-overdue={overdue || undefined}
      className={cn(
        "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold",
        overdue
          ? "bg-red-100 text-red-800"
          : left < SOON_MS
            ? "bg-saffron-400/25 text-saffron-800"
            : "bg-brand-100 text-brand-800",
      )}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {overdue
        ? RELATIONS_TEXT.clock.overdue(formatAge(-left))
        : RELATIONS_TEXT.clock.dueIn(formatAge(left))}
    </span>
  );
}
