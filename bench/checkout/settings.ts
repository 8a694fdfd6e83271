// What one run of `npm run bench:checkout` was asked for (bench/checkout.ts reads the flags).

import type { ProviderKind } from "./drivers/provider-side.ts";
import type { Mix } from "./load-model.ts";

export type Kind = "pglite" | "postgres";

export type Settings = {
  duration: number;
  warmup: number;
  buyers: number;
  /** How the measured stretch pays: `cash` or `default` (the payment mix). */
  mix: Exclude<Mix, "online">;
  databases: Kind[];
  /**
   * Who takes the online payments: the store's own test provider (its work in the store's CPU)
   * or Razorpay's stand-in in the load generator (the store's CPU is the store's work alone).
   */
  provider: ProviderKind;
  /** --profile: profile every database; --no-profile: never; neither: when a target is missed. */
  profile: boolean;
  noProfile: boolean;
  profileSeconds: number;
  /** Undefined with `--baseline none`. */
  baselineRef: string | undefined;
  /** 2: before and after the hosted run (A-B-A); 1: before only. */
  baselineRuns: number;
  testDatabaseUrl: string | undefined;
  /** pgbench's clients; by default as many as the store had connections to its database. */
  pgbenchClients: number | undefined;
};
