import { Clock } from "lucide-react";
import { PAYMENT_MESSAGES } from "../../../shared/contracts/payments.ts";
import { cn } from "../../lib/cn.ts";
import { useLingui } from "../../lib/i18n/react-binding.tsx";
import { formatTimeLeft, useTimeLeft } from "./use-time-left.ts";

/** "14:05 left to pay", counting down to the end of the order's hold. */
export function PaymentTimeLeft({ dueAt, className }: { dueAt: string; className?: string }) {
  const { i18n } = useLingui();
  const left = useTimeLeft(dueAt);
  return (
    <span
      role="timer"
      data-testid="payment-time-left"
      className={cn("inline-flex items-center gap-1.5 font-semibold tabular-nums", className)}
    >
      <Clock aria-hidden="true" className="h-4 w-4" />
      {i18n._(PAYMENT_MESSAGES.timeLeft, { time: formatTimeLeft(left) })}
    </span>
  );
}
