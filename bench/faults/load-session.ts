// One scenario's load (shoppers, catalogue readers and the sales manager) and what is reported
// of it: requests and failures by kind, healing after each fault, and the invariants checked on
// the database once every store has stopped.
import os from "node:os";
import { TEST_ORIGIN } from "../../src/server/testing/customers.ts";
import {
  checkStoreInvariants,
  describeReport,
  type InvariantReport,
} from "../../src/server/testing/store-invariants.ts";
import type { PaymentPath } from "./payment-paths.ts";
import { Shoppers, type ShoppersOptions, type ShopTarget } from "./shoppers.ts";
import { StaffDesk } from "./staff-desk.ts";
import type { FaultDatabase, Stocked } from "./store-database.ts";
import { failuresByKind, type Healing, healings, requestsByKind, Tally } from "./tally.ts";

/** A check particular to a scenario (a race's winners, reads that had to keep working). */
export type ScenarioCheck = { name: string; pass: boolean; detail: string };

export type ScenarioOutcome = {
  id: string;
  title: string;
  database: "postgres" | "pglite";
  provider: string;
  /** What was done, in a sentence or two. */
  what: string;
  seconds: number;
  /** The machine's 1-minute load average when the scenario began and ended. */
  loadAverage: { start: number; end: number };
  requests: Record<string, number>;
  failures: Record<string, Record<string, number>>;
  healing: Healing[];
  shoppers: {
    acknowledged: number;
    paidOnlineAccepted: number;
    capturedNotAccepted: number;
    lostAtProviderSwitchedToCash: number;
    lostAtProviderLeft: number;
    gaveUpPaying: number;
    unansweredKeys: number;
    /** Checkouts answered "already being placed" (409 IN_PROGRESS) at least once. */
    inProgress: { keys: number; longestSeconds: number; answeredInTheEnd: number };
    surprises: string[];
  };
  staff: { cancelled: number; confirmed: number; refused: string[] };
  checks: ScenarioCheck[];
  invariants: InvariantReport | undefined;
  notes: string[];
  error?: string;
};

export type LoadOptions = Omit<ShoppersOptions, "payment"> & {
  /** Without a sales manager at work (a race on its own). */
  noStaff?: boolean;
  /** The sales manager also reads the dashboard's figures each turn. */
  staffReadsFigures?: boolean;
};

export const DEFAULT_LOAD: LoadOptions = {
  buyers: 20,
  products: [],
  onlineShare: 0.5,
  patienceMs: 30_000,
  catalogueReaders: 2,
};

const loadNow = () => Number(os.loadavg()[0]!.toFixed(1));

export class LoadSession {
  readonly tally = new Tally();
  private readonly loadAtStart = loadNow();
  readonly shoppers: Shoppers;
  readonly desk: StaffDesk | undefined;
  readonly target: ShopTarget;
  private started = false;

  constructor(
    base: () => string,
    readonly payment: PaymentPath,
    given: Partial<LoadOptions>,
  ) {
    const options = { ...DEFAULT_LOAD, ...given };
    this.target = { base, origin: TEST_ORIGIN };
    this.shoppers = new Shoppers(this.target, this.tally, { ...options, payment });
    this.desk = options.noStaff
      ? undefined
      : new StaffDesk(this.target, this.tally, this.shoppers, options.staffReadsFigures);
  }

  start(): void {
    this.started = true;
    this.shoppers.start();
    this.desk?.start();
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await Promise.all([this.shoppers.stop(), this.desk?.stop()]);
    await this.payment.settle();
  }

  /** Checks the invariants on `database` (every store on it stopped) against what was told. */
  async check(database: FaultDatabase, stocked: Stocked): Promise<InvariantReport> {
    const handle = await database.open();
    try {
      const report = await checkStoreInvariants(handle, {
        baseline: stocked.baseline,
        acknowledged: this.shoppers.acknowledged,
        captured: this.shoppers.captured,
        staffCancelled: this.desk?.cancelled ?? [],
        unansweredKeys: this.shoppers.unansweredKeys,
      });
      console.log(describeReport(report).replace(/^/gm, "    "));
      return report;
    } finally {
      await handle.close();
    }
  }

  outcome(
    head: Pick<ScenarioOutcome, "id" | "title" | "database" | "what">,
    invariants: InvariantReport | undefined,
    checks: ScenarioCheck[] = [],
    notes: string[] = [],
  ): ScenarioOutcome {
    const { shoppers, desk } = this;
    return {
      ...head,
      provider: this.payment.name,
      seconds: Math.round(this.tally.now() / 100) / 10,
      loadAverage: { start: this.loadAtStart, end: loadNow() },
      requests: requestsByKind(this.tally),
      failures: failuresByKind(this.tally),
      healing: healings(this.tally),
      shoppers: {
        acknowledged: shoppers.acknowledged.length,
        paidOnlineAccepted: shoppers.captured.filter((entry) => entry.accepted).length,
        capturedNotAccepted: shoppers.captured.filter((entry) => !entry.accepted).length,
        lostAtProviderSwitchedToCash: shoppers.notes.lostAtProviderSwitchedToCash,
        lostAtProviderLeft: shoppers.notes.lostAtProviderLeft,
        gaveUpPaying: shoppers.notes.gaveUpPaying,
        unansweredKeys: shoppers.unansweredKeys.length,
        inProgress: {
          keys: shoppers.inProgress.size,
          longestSeconds:
            Math.round(
              Math.max(0, ...[...shoppers.inProgress.values()].map((s) => s.to - s.from)) / 100,
            ) / 10,
          answeredInTheEnd: [...shoppers.inProgress.values()].filter((s) => s.answered).length,
        },
        surprises: shoppers.surprises.slice(0, 20),
      },
      staff: {
        cancelled: desk?.cancelled.length ?? 0,
        confirmed: desk?.confirmed.length ?? 0,
        refused: desk?.refused.slice(0, 20) ?? [],
      },
      checks,
      invariants,
      notes,
    };
  }
}

/** A scenario that could not be run to its end: what it got to, and why it stopped. */
export function brokenOutcome(
  head: Pick<ScenarioOutcome, "id" | "title" | "database" | "what">,
  session: LoadSession | undefined,
  payment: PaymentPath,
  error: unknown,
): ScenarioOutcome {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.log(`  ${head.id} could not be run: ${message}`);
  const outcome =
    session?.outcome(head, undefined) ??
    new LoadSession(() => "", payment, DEFAULT_LOAD).outcome(head, undefined);
  return { ...outcome, error: message.split("\n").slice(0, 6).join("\n") };
}

/** The failed requests of some kinds, counted. */
export function failedCount(outcome: Pick<ScenarioOutcome, "failures">, kinds?: string[]): number {
  return Object.entries(outcome.failures)
    .filter(([kind]) => !kinds || kinds.includes(kind))
    .flatMap(([, labels]) => Object.values(labels))
    .reduce((sum, n) => sum + n, 0);
}
