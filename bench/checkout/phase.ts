// One stretch of load (warm-up, the measured run, a profiled one): its calls, answers and times.
import type { Mix } from "./load-model.ts";

/**
 * The store's two calls, the provider's (the test provider, served by the store itself), and the
 * order page's re-reads (GET /api/orders/{n}) after a report answered 202 (paid, not yet known to
 * be captured: the webhook will tell).
 */
export type CallKind = "order" | "verify" | "provider" | "read";
export const CALL_KINDS: CallKind[] = ["order", "verify", "provider", "read"];
/** The calls the store answers for itself, which the latency target applies to. */
export const STORE_CALLS = ["order", "verify"] as const;

export type Phase = {
  name: string;
  /** How its orders were paid. */
  mix: Mix;
  latencies: Record<CallKind, number[]>;
  requests: Record<CallKind, number>;
  /** "order 201", "order 409 OUT_OF_STOCK", "provider 402 PAYMENT_DECLINED", "verify 200"... */
  statuses: Map<string, number>;
  /** 201s (not replays): orders written, placed (cash) or awaiting payment (online). */
  newOrders: number;
  /** Orders that ended placed: cash 201s and online orders whose payment report answered 200. */
  completedOrders: number;
  /** Of them: cash orders placed, and online orders placed and paid. */
  cashOrders: number;
  onlineOrders: number;
  wallSeconds: number;
  failures: string[];
};

const emptyByKind = <T>(make: () => T) =>
  Object.fromEntries(CALL_KINDS.map((kind) => [kind, make()])) as Record<CallKind, T>;

export function newPhase(name: string, mix: Mix): Phase {
  return {
    name,
    mix,
    latencies: emptyByKind(() => []),
    requests: emptyByKind(() => 0),
    statuses: new Map(),
    newOrders: 0,
    completedOrders: 0,
    cashOrders: 0,
    onlineOrders: 0,
    wallSeconds: 0,
    failures: [],
  };
}

export const totalRequests = (phase: Phase) =>
  CALL_KINDS.reduce((sum, k) => sum + phase.requests[k], 0);
