/** Where a refund stands, as the staff's dashboards show it. */
export const REFUND_STATES = ["pending", "retrying", "failed", "done"] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  pending: "Pending",
  retrying: "Refused, retrying",
  failed: "Failed: pay back by hand",
  done: "Refunded",
};

/**
 * A refund as staff read it, from how the store keeps it (`state`, and the provider's last
 * refusal): one the provider refused and the worker asks for again every minute is "retrying",
 * not "pending"; one it refused for good has to be paid back by a person.
 */
export function refundStateOf(refund: { state: string; lastError: string | null }): RefundState {
  if (refund.state === "done") return "done";
  if (refund.state === "failed") return "failed";
  return refund.state === "pending" && refund.lastError !== null ? "retrying" : "pending";
}
