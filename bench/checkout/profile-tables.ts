// The profile's tables, one buyer beside the full load: the checkout's steps, the statements
// behind them, the payment report's figures and statements, and the statements outside any
// traced call. Printed as text while the run goes on and written into bench/results/checkout.md.
import { STEPS } from "../support/checkout-steps.ts";
import { textTable } from "../support/child.ts";
import type { Profile } from "./profile.ts";

type Cells = (string | number)[];

export const stepHeader = (buyers: number) => [
  "step",
  "1 buyer ms",
  "share",
  `${buyers} buyers ms`,
  "share",
];

export function stepRows(profile: Profile): Cells[] {
  const one = new Map(profile.oneBuyer.steps.map((entry) => [entry.step, entry]));
  const under = new Map(profile.underLoad.steps.map((entry) => [entry.step, entry]));
  const cell = (entry: { meanMs: number; share: number } | undefined) => [
    entry ? entry.meanMs.toFixed(2) : "0",
    `${((entry?.share ?? 0) * 100).toFixed(0)}%`,
  ];
  const pair = (a: number, b: number, digits = 2) => [a.toFixed(digits), "", b.toFixed(digits), ""];
  return [
    ...STEPS.filter((step) => one.has(step) || under.has(step)).map((step) => [
      step,
      ...cell(one.get(step)),
      ...cell(under.get(step)),
    ]),
    ["total, mean (server side)", ...pair(profile.oneBuyer.meanMs, profile.underLoad.meanMs)],
    ["total, p50", ...pair(profile.oneBuyer.p50Ms, profile.underLoad.p50Ms)],
    ["total, p99", ...pair(profile.oneBuyer.p99Ms, profile.underLoad.p99Ms)],
    [
      "mail worker afterwards, per order",
      ...pair(profile.oneBuyer.mailWorkerMsPerOrder, profile.underLoad.mailWorkerMsPerOrder),
    ],
    [
      "server CPU while in the server, per order",
      ...pair(profile.oneBuyer.cpuMsPerOrder, profile.underLoad.cpuMsPerOrder),
    ],
    [
      "requests inside the server at once (mean)",
      ...pair(profile.oneBuyer.inServerConcurrency, profile.underLoad.inServerConcurrency, 1),
    ],
  ];
}

export function stepTableText(profile: Profile, buyers: number): string {
  return `POST /api/orders, mean per placed order (201), server side (1 buyer: ${profile.oneBuyer.orders} orders; ${buyers} buyers: ${profile.underLoad.orders} orders):\n${textTable(stepHeader(buyers), stepRows(profile))}`;
}

/** Statements, or other costs by kind: one buyer's, then the full load's, per order or call. */
const sideBySideHeader = (first: string, per: "order" | "call", buyers: number) => [
  first,
  `1 buyer: per ${per}`,
  "mean ms",
  `ms/${per}`,
  `${buyers} buyers: per ${per}`,
  "mean ms",
  `ms/${per}`,
];

/** One row a kind, the costliest under load first; "-" where one side did not have it. */
function sideBySide<T extends { kind: string }>(
  oneBuyer: T[],
  underLoad: T[],
  cost: (entry: T) => number,
  cells: (entry: T) => Cells,
): Cells[] {
  const one = new Map(oneBuyer.map((entry) => [entry.kind, entry]));
  const under = new Map(underLoad.map((entry) => [entry.kind, entry]));
  const costUnderLoad = (kind: string) => {
    const entry = under.get(kind);
    return entry ? cost(entry) : 0;
  };
  const kinds = [...new Set([...one.keys(), ...under.keys()])].sort(
    (a, b) => costUnderLoad(b) - costUnderLoad(a),
  );
  const row = (entry: T | undefined) => (entry ? cells(entry) : ["-", "-", "-"]);
  return kinds.map((kind) => [kind, ...row(one.get(kind)), ...row(under.get(kind))]);
}

type PerOrder = { kind: string; perOrder: number; meanMs: number; msPerOrder: number };
const perOrderRows = (oneBuyer: PerOrder[], underLoad: PerOrder[]) =>
  sideBySide(
    oneBuyer,
    underLoad,
    (entry) => entry.msPerOrder,
    (entry) => [entry.perOrder, entry.meanMs, entry.msPerOrder],
  );

export const statementHeader = (buyers: number) => sideBySideHeader("statement", "order", buyers);

export function statementRows(profile: Profile): Cells[] {
  return perOrderRows(profile.oneBuyer.statements, profile.underLoad.statements);
}

export const verifyHeader = (buyers: number) => sideBySideHeader("statement", "call", buyers);

export function verifyRows(profile: Profile): Cells[] {
  const { oneBuyer, underLoad } = profile.verify;
  return sideBySide(
    oneBuyer.statements,
    underLoad.statements,
    (entry) => entry.msPerCall,
    (entry) => [entry.perCall, entry.meanMs, entry.msPerCall],
  );
}

export const verifyFiguresHeader = (buyers: number) => [
  "payment report, server side",
  "1 buyer",
  `${buyers} buyers`,
];

export function verifyFigureRows(profile: Profile): Cells[] {
  const { oneBuyer, underLoad } = profile.verify;
  return [
    ["calls answered 200 (traced)", oneBuyer.ok, underLoad.ok],
    ["total, mean ms", oneBuyer.meanMs, underLoad.meanMs],
    ["total, p50 ms", oneBuyer.p50Ms, underLoad.p50Ms],
    ["total, p99 ms", oneBuyer.p99Ms, underLoad.p99Ms],
    ["server CPU while in the server, ms per call", oneBuyer.cpuMsPerCall, underLoad.cpuMsPerCall],
  ];
}

export const outsideHeader = (buyers: number) =>
  sideBySideHeader("statement (webhooks, mail worker, sweeps)", "order", buyers);

export function outsideRows(profile: Profile): Cells[] {
  return perOrderRows(profile.outside.oneBuyer, profile.outside.underLoad);
}
