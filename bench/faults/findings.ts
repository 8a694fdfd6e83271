// The sentences at the top of bench/results/faults.md, each written only when the run's figures
// show what it says.
import os from "node:os";
import { countLabel } from "./kill-cycles.ts";
import { failedCount, type ScenarioOutcome } from "./load-session.ts";

export function findingsOf(outcomes: ScenarioOutcome[]): string[] {
  const findings: string[] = [];
  const broken = outcomes.filter((o) => o.invariants && !o.invariants.pass);
  findings.push(
    broken.length === 0
      ? `Every invariant held after every scenario that ran (${outcomes.filter((o) => o.invariants).length} of ${outcomes.length}).`
      : `Invariants failed after: ${broken
          .map(
            (o) =>
              `${o.id} (${o
                .invariants!.invariants.filter((i) => !i.pass)
                .map((i) => i.id)
                .join(", ")})`,
          )
          .join("; ")}.`,
  );

  const kills = outcomes.filter((o) => o.id.startsWith("kill-9"));
  for (const o of kills) {
    const heal = o.healing.map((h) => h.healSeconds).filter((s) => s !== undefined);
    const ready = o.healing.map((h) => h.faultSeconds).filter((s) => s !== undefined);
    if (heal.length === 0) continue;
    findings.push(
      `${o.database === "pglite" ? "PGlite" : "PostgreSQL"}, kill -9: the store took ${Math.min(...ready)}-${Math.max(...ready)} s to be ready again (a process start: tsx, migrations check, seed check) and shoppers placed orders again ${Math.min(...heal)}-${Math.max(...heal)} s after each kill; every request lost meanwhile was a refused or reset connection (${countLabel(o, /^5\d\d/)} 5xx). ${o.shoppers.inProgress.keys} checkouts cut off mid-claim were answered "already being placed" until their dead instance's heartbeat lapsed (longest ${o.shoppers.inProgress.longestSeconds} s), then taken over by the same key.`,
    );
  }
  const lost = kills.reduce(
    (sum, o) => sum + o.shoppers.lostAtProviderSwitchedToCash + o.shoppers.lostAtProviderLeft,
    0,
  );
  const refused = kills.reduce((sum, o) => sum + o.shoppers.capturedNotAccepted, 0);
  if (lost + refused > 0) {
    findings.push(
      `The demo's test provider lives in the store process, with signing secrets made anew by each start: a kill takes the provider orders of checkouts awaiting payment with it (${lost} shoppers met "no such order" at the provider and were offered cash on delivery), and a proof signed before the kill is refused (400) by the process after it (${refused} payments captured but not accepted; those orders keep awaiting payment until their hold ends). Razorpay keeps both across a store's crash; the proxy scenarios use its stand-in for that reason.`,
    );
  }

  const outage = outcomes.find((o) => o.id === "postgres-outage");
  if (outage && !outage.error) {
    const [restart, stop] = outage.healing;
    findings.push(
      `PostgreSQL away: the store answered ${countLabel(outage, /^503 .*with Retry-After/)} requests 503 with Retry-After (${countLabel(outage, /^5(?!03)\d\d/)} other 5xx)${stop?.healSeconds === undefined ? " and **did not heal after the 10 s stop**" : " and healed by itself"}: orders were placed again ${seconds(restart?.healSeconds)} after the restart began (shoppers wait the 5 s Retry-After asks before pressing again) and ${seconds(stop?.healSeconds)} after the 10 s stop began.`,
    );
    const stuck = outage.shoppers.inProgress;
    if (stuck.keys > 0) {
      const long = stuck.longestSeconds > 30;
      findings.push(
        `${long ? "**" : ""}After PostgreSQL came back, ${stuck.keys} checkouts cut off by the outage were answered "already being placed" (409 IN_PROGRESS) for up to ${stuck.longestSeconds} s${long ? "**" : ""}: ${stuck.answeredInTheEnd} were answered in the end when pressed again with the same key, and ${outage.shoppers.unansweredKeys} checkouts in all were given up after 30 s without an answer to act on.${outage.invariants?.pass ? " No order was lost or placed twice (see the invariants)." : ""}`,
      );
    }
  }

  const rolling = outcomes.find((o) => o.id === "rolling-restart");
  if (rolling && !rolling.error) {
    const rotation = rolling.checks.find((check) =>
      check.name.startsWith("HAProxy had an instance"),
    );
    findings.push(
      `Rolling restart behind HAProxy: ${failedCount(rolling)} failed requests of ${Object.values(rolling.requests).reduce((a, b) => a + b, 0)}${rotation && !rotation.pass ? `; HAProxy had no instance in rotation for ${rotation.detail.replace(/^none for /, "")} (its 1 s readiness checks failing: the machine's load average was ${rolling.loadAverage.start}-${rolling.loadAverage.end} on ${os.cpus().length} cores)` : ""}.`,
    );
  }
  const replica = outcomes.find((o) => o.id === "replica-loss");
  if (replica && !replica.error) {
    findings.push(
      `Replica stopped for 10 s: ${failedCount(replica, ["catalogue", "figures"])} catalogue or dashboard reads and ${failedCount(replica, ["order", "provider", "verify", "read"])} checkout requests failed; ${replica.checks.find((c) => c.name.startsWith("the store read from the replica"))?.detail ?? ""}.`,
    );
  }
  return findings;
}

const seconds = (value: number | undefined) => (value === undefined ? "never" : `${value} s`);
