// Every request a fault run made and what came of it, in time: from these come the failures by
// kind, what the shoppers were told (503 with Retry-After, "already being placed"), and how long
// the store took to heal after each fault.
import type { Answer } from "./http-call.ts";

export type CallKind =
  | "access-key"
  | "order"
  | "provider"
  | "verify"
  | "read"
  | "pay-on-delivery"
  | "catalogue"
  | "staff"
  | "figures";

export type Outcome = {
  kind: CallKind;
  /** Milliseconds since the tally began: sent and answered. */
  sent: number;
  answered: number;
  status: number;
  code: string | undefined;
  retryAfter: boolean;
  /** Why no answer came: refused, reset, timed out. */
  error: string | undefined;
};

/** A fault and when it was undone (the store ready again, PostgreSQL started again). */
export type FaultMark = { name: string; at: number; undoneAt: number | undefined };

export class Tally {
  readonly started = performance.now();
  readonly outcomes: Outcome[] = [];
  readonly faults: FaultMark[] = [];

  now(): number {
    return performance.now() - this.started;
  }

  record(kind: CallKind, sent: number, answer: Answer): void {
    const code = typeof answer.body?.code === "string" ? answer.body.code : undefined;
    this.outcomes.push({
      kind,
      sent,
      answered: this.now(),
      status: answer.status,
      code: answer.status >= 300 ? code : undefined,
      retryAfter: answer.retryAfter !== undefined,
      error: answer.status === 0 ? answer.error : undefined,
    });
  }

  /** Marks a fault now; call the answer when it has been undone. */
  fault(name: string): () => void {
    const mark: FaultMark = { name, at: this.now(), undoneAt: undefined };
    this.faults.push(mark);
    return () => {
      mark.undoneAt = this.now();
    };
  }
}

/** A request that did not get the answer it was for: no answer, a 5xx, or a 409 in progress. */
export const isFailure = (outcome: Pick<Outcome, "status" | "code">) =>
  outcome.status === 0 || outcome.status >= 500 || outcome.code === "IN_PROGRESS";

export const labelOf = (outcome: Outcome) =>
  outcome.status === 0
    ? `no answer (${outcome.error ?? "?"})`
    : `${outcome.status}${outcome.code ? ` ${outcome.code}` : ""}${outcome.status === 503 && outcome.retryAfter ? " with Retry-After" : ""}`;

/** Failed requests, by kind and then by what came back. */
export function failuresByKind(tally: Tally): Record<string, Record<string, number>> {
  const byKind: Record<string, Record<string, number>> = {};
  for (const outcome of tally.outcomes) {
    if (!isFailure(outcome)) continue;
    byKind[outcome.kind] ??= {};
    const labels = byKind[outcome.kind]!;
    const label = labelOf(outcome);
    labels[label] = (labels[label] ?? 0) + 1;
  }
  return byKind;
}

export function requestsByKind(tally: Tally): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of tally.outcomes) counts[outcome.kind] = (counts[outcome.kind] ?? 0) + 1;
  return counts;
}

export type Healing = {
  name: string;
  /** Seconds since the run began. */
  atSeconds: number;
  /** How long the fault lasted: until the store was ready, or PostgreSQL started, again. */
  faultSeconds: number | undefined;
  /** From the fault to the first order placed (201) by a checkout sent after it began. */
  healSeconds: number | undefined;
  /** Requests that failed between the fault and that first order. */
  failedMeanwhile: number;
};

/** How long each fault took to heal, as the shoppers saw it. */
export function healings(tally: Tally, kind: CallKind = "order"): Healing[] {
  return tally.faults.map((fault) => {
    const healed = tally.outcomes
      .filter((o) => o.kind === kind && o.status === 201 && o.sent >= fault.at)
      .reduce<number | undefined>(
        (first, o) => (first === undefined || o.answered < first ? o.answered : first),
        undefined,
      );
    const failedMeanwhile = tally.outcomes.filter(
      (o) =>
        isFailure(o) && o.answered >= fault.at && (healed === undefined || o.answered <= healed),
    ).length;
    return {
      name: fault.name,
      atSeconds: seconds(fault.at),
      faultSeconds: fault.undoneAt === undefined ? undefined : seconds(fault.undoneAt - fault.at),
      healSeconds: healed === undefined ? undefined : seconds(healed - fault.at),
      failedMeanwhile,
    };
  });
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
