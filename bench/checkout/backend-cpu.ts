// CPU of the PostgreSQL backends serving one database, and nothing else on the server (other
// databases' backends, the checkpointer, autovacuum): read from /proc, so the PostgreSQL server
// must run on this machine. A backend's process title names its database ("postgres: 15/main:
// postgres fhh_bench_1a2b3c 127.0.0.1(51234) idle"). Backends come and go (the pool replaces a
// connection, pgbench opens its own), so the sampler reads every backend of the database every
// SAMPLE_MS and keeps each one's last reading: a backend that ended between two samples is
// missing at most SAMPLE_MS of its CPU, and one that started after the first sample counts from
// zero (its whole life is in the stretch).
import { readdirSync, readFileSync } from "node:fs";
import { cpuSeconds } from "../support/child.ts";

const SAMPLE_MS = 200;

type Backend = { first: number; last: number };

export class BackendCpu {
  private readonly backends = new Map<number, Backend>();
  private timer: NodeJS.Timeout | undefined;
  private started = false;

  constructor(private readonly database: string) {}

  /** Starts sampling: what the backends used before now is not counted. */
  start(): this {
    this.sample();
    this.started = true;
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    this.timer.unref();
    return this;
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** CPU seconds the database's backends have used since start(), ended ones included. */
  seconds(): number {
    this.sample();
    let total = 0;
    for (const backend of this.backends.values()) total += backend.last - backend.first;
    return total;
  }

  /** How many backends of the database have been seen since start(). */
  get seen(): number {
    return this.backends.size;
  }

  private sample() {
    for (const pid of backendPids(this.database)) {
      const seconds = cpuSeconds(pid);
      if (seconds === undefined) continue;
      const known = this.backends.get(pid);
      if (known) known.last = seconds;
      else this.backends.set(pid, { first: this.started ? 0 : seconds, last: seconds });
    }
  }
}

/** The pids of the local PostgreSQL backends connected to `database`. */
export function backendPids(database: string): number[] {
  const pids: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return pids;
  }
  const title = new RegExp(`^postgres: (?:[^:]+: )?\\S+ ${database} `);
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.startsWith("postgres: ") && title.test(cmdline)) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}
