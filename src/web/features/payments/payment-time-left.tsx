import { Clock } from "lucide-react";
import { PAYMENT_MESSAGES } from "../../../shared/contracts/payments.ts";
import { cn } from "../../lib/cn.ts";
import { formatTimeLeft, useTimeLeft } from "./use-time-left.ts";

/** "14:05 left to pay", counting down to the end of the order's hold. */
export function PaymentTimeLeft({ dueAt, className }: { dueAt: string; className?: string }) {
  const left = useTimeLeft(dueAt);
  return (
    <span
      role="timer"
      data-testid="payment-time-left"
      className={cn("inline-flex items-center gap-1.5 font-semibold tabular-nums", className)}
    >
      <Clock aria-hidden="true" className="h-4 w-4" />
      {PAYMENT_MESSAGES.timeLeft(formatTimeLeft(left))}
    </span>
  );
}
