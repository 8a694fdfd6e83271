// Turns step traces of POST /api/orders (bench/support/step-trace.ts) into the checkout's steps
// as docs/decisions/0010-checkout-workflow.md names them: each statement goes to its step, and
// the JavaScript time between two statements to the step it belongs to (validation before the
// idempotency claim; the provider's order (online payments, decision 30), pricing and the
// invoice and email rendering (cash orders; an online order's email is rendered when it is
// paid) between the product read and the order statement; serialisation after the last
// statement). Other calls (the hosted checkout's report of a payment,
// POST /api/orders/{n}/payment) are summarised per call by `summariseCalls`.
import type { RequestTrace, TraceEvent, Unattributed } from "./step-trace.ts";

export const STEPS = [
  "HTTP in, rate-limit upsert",
  "body validation, request hash",
  "idempotency claim",
  "product read",
  "provider order (online), pricing, invoice + email rendering (cash)",
  "order statement: stock, order, lines, payment, email, answer",
  "short or refused: payment record, key completion, answer",
  "transaction (none on the order path)",
  "response: serialise + send",
  "other",
] as const;
export type Step = (typeof STEPS)[number];

/** The mail worker's own statements: kicked by the request, but not part of its answer. */
const BACKGROUND = new Set(["select mail_outbox", "update mail_outbox"]);
/** "pool wait: insert orders" is the wait for a connection to run "insert orders". */
const statementOf = (kind: string) => kind.replace(/^pool wait: /, "");
const isBackground = (kind: string) => BACKGROUND.has(statementOf(kind));

function stepOf(kind: string): Step | undefined {
  const statement = statementOf(kind);
  if (statement === "pool wait") return undefined; // it belongs to the statement it waited for
  if (statement.startsWith("with ") && statement.includes("orders")) {
    return "order statement: stock, order, lines, payment, email, answer";
  }
  switch (statement) {
    case "insert rate_limits":
      return "HTTP in, rate-limit upsert";
    case "insert idempotency_keys":
    case "select idempotency_keys":
      return "idempotency claim";
    case "select products":
      return "product read";
    case "insert payments":
    case "update idempotency_keys":
      return "short or refused: payment record, key completion, answer";
    case "begin":
    case "commit":
    case "rollback":
      return "transaction (none on the order path)";
    default:
      return "other";
  }
}

export type StepBreakdown = { totalMs: number; steps: Record<Step, number>; backgroundMs: number };

export function breakDown(trace: RequestTrace): StepBreakdown {
  const steps = Object.fromEntries(STEPS.map((step) => [step, 0])) as Record<Step, number>;
  const foreground = trace.events
    .filter((event) => !isBackground(event.kind))
    .sort((a, b) => a.start - b.start);
  const backgroundMs = trace.events
    .filter((event) => isBackground(event.kind))
    .reduce((sum, event) => sum + (event.end - event.start), 0);

  const assigned: (Step | undefined)[] = foreground.map((event: TraceEvent) => stepOf(event.kind));
  for (let i = assigned.length - 1; i >= 0; i--) {
    assigned[i] ??= assigned[i + 1] ?? "other";
  }

  let cursor = 0;
  let previous: Step | undefined;
  foreground.forEach((event, i) => {
    const step = assigned[i]!;
    const gap = event.start - cursor;
    if (gap > 0) {
      let gapStep: Step = step;
      if (step === "idempotency claim" && previous !== "idempotency claim")
        gapStep = "body validation, request hash";
      else if (previous === "product read" && step !== "product read")
        gapStep = "provider order (online), pricing, invoice + email rendering (cash)";
      steps[gapStep] += gap;
    }
    steps[step] += Math.max(event.end - Math.max(event.start, cursor), 0);
    cursor = Math.max(cursor, event.end);
    previous = step;
  });
  steps["response: serialise + send"] += Math.max(trace.totalMs - cursor, 0);
  return { totalMs: trace.totalMs, steps, backgroundMs };
}

export type StepSummary = {
  /** Traced requests that placed an order (201); the breakdown is over these. */
  orders: number;
  requests: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  /** Mean CPU of the server process while a placed order was in it: its cost when alone. */
  cpuMsPerOrder: number;
  /** Requests inside the server at once, on average (Little's law over the traced stretch). */
  inServerConcurrency: number;
  steps: { step: Step; meanMs: number; share: number }[];
  /** The mail worker's statements (claim, mark stored) per order, run after the answer. */
  mailWorkerMsPerOrder: number;
  /** Each kind of statement (and wait) in placed orders' traces: how many per order, how long. */
  statements: { kind: string; perOrder: number; meanMs: number; msPerOrder: number }[];
};

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export function summariseSteps(
  traces: RequestTrace[],
  unattributed: Unattributed = {},
  seconds = 0,
): StepSummary {
  const placedTraces = traces.filter((trace) => trace.status === 201);
  const placed = placedTraces.map(breakDown);
  const count = Math.max(placed.length, 1);
  const totals = placed.map((entry) => entry.totalMs).sort((a, b) => a - b);
  const meanMs = totals.reduce((sum, value) => sum + value, 0) / count;
  const background =
    traces.map(breakDown).reduce((sum, entry) => sum + entry.backgroundMs, 0) +
    Object.entries(unattributed)
      .filter(([kind]) => isBackground(kind))
      .reduce((sum, [, entry]) => sum + entry.ms, 0);
  const inServer = traces.reduce((sum, trace) => sum + trace.totalMs, 0);
  return {
    orders: placed.length,
    requests: traces.length,
    meanMs: round(meanMs),
    p50Ms: round(percentile(totals, 0.5)),
    p99Ms: round(percentile(totals, 0.99)),
    cpuMsPerOrder: round(placedTraces.reduce((sum, trace) => sum + trace.cpuMs, 0) / count),
    inServerConcurrency: seconds > 0 ? round(inServer / (seconds * 1000)) : Number.NaN,
    steps: STEPS.map((step) => {
      const mean = placed.reduce((sum, entry) => sum + entry.steps[step], 0) / count;
      return { step, meanMs: round(mean), share: meanMs ? round(mean / meanMs, 3) : 0 };
    }).filter((entry) => entry.step !== "other" || entry.meanMs > 0),
    mailWorkerMsPerOrder: round(background / count),
    statements: statementTable(placedTraces, unattributed, count),
  };
}

/** One kind of call (e.g. the payment report) as the server saw it: time, CPU, statements. */
export type CallSummary = {
  calls: number;
  /** Calls that answered `okStatus`; the times and statements are over these. */
  ok: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  /** Mean CPU of the server process while such a call was in it: its cost when alone. */
  cpuMsPerCall: number;
  statements: { kind: string; perCall: number; meanMs: number; msPerCall: number }[];
};

export function summariseCalls(traces: RequestTrace[], okStatus = 200): CallSummary {
  const ok = traces.filter((trace) => trace.status === okStatus);
  const count = Math.max(ok.length, 1);
  const totals = ok.map((trace) => trace.totalMs).sort((a, b) => a - b);
  return {
    calls: traces.length,
    ok: ok.length,
    meanMs: round(totals.reduce((sum, value) => sum + value, 0) / count),
    p50Ms: round(percentile(totals, 0.5)),
    p99Ms: round(percentile(totals, 0.99)),
    cpuMsPerCall: round(ok.reduce((sum, trace) => sum + trace.cpuMs, 0) / count),
    statements: statementTable(ok, {}, count).map(({ kind, perOrder, meanMs, msPerOrder }) => ({
      kind,
      perCall: perOrder,
      meanMs,
      msPerCall: msPerOrder,
    })),
  };
}

/**
 * Statements run outside any traced request, per `per` (e.g. per completed order): the mail
 * worker, the test provider's webhooks (the store delivers them to itself), the sweeps.
 */
export function unattributedTable(unattributed: Unattributed, per: number) {
  const count = Math.max(per, 1);
  return Object.entries(unattributed)
    .map(([kind, entry]) => ({
      kind,
      perOrder: round(entry.count / count),
      meanMs: round(entry.ms / Math.max(entry.count, 1)),
      msPerOrder: round(entry.ms / count),
    }))
    .sort((a, b) => b.msPerOrder - a.msPerOrder);
}

function statementTable(placed: RequestTrace[], unattributed: Unattributed, orders: number) {
  const byKind = new Map<string, { count: number; ms: number }>();
  const add = (kind: string, count: number, ms: number) => {
    const label = isBackground(kind) ? `${kind} (mail worker)` : kind;
    const entry = byKind.get(label) ?? { count: 0, ms: 0 };
    entry.count += count;
    entry.ms += ms;
    byKind.set(label, entry);
  };
  for (const trace of placed)
    for (const event of trace.events) add(event.kind, 1, event.end - event.start);
  // The mail worker's statements mostly run outside any request once it is busy.
  for (const [kind, entry] of Object.entries(unattributed))
    if (isBackground(kind)) add(kind, entry.count, entry.ms);
  return [...byKind]
    .map(([kind, entry]) => ({
      kind,
      perOrder: round(entry.count / orders),
      meanMs: round(entry.ms / entry.count),
      msPerOrder: round(entry.ms / orders),
    }))
    .sort((a, b) => b.msPerOrder - a.msPerOrder);
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));
