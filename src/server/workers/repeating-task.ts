import type { FastifyBaseLogger } from "fastify";

export type RepeatingTask = {
  start(): void;
  /** Stops the schedule and waits for a pass in progress; the pass sees `stopping` and ends early. */
  stop(): Promise<void>;
  /** Runs a pass soon (`gatherMs`), or that long after the one in progress. */
  kick(): void;
  /** True from `stop()` on: long passes check it between batches and leave the rest. */
  readonly stopping: boolean;
};

/**
 * Runs `pass` at start and then every `intervalMs`, one pass at a time, for the store's background
 * workers (mail delivery, housekeeping). A failed pass is logged and the schedule goes on.
 */
export function repeatingTask(
  name: string,
  pass: () => Promise<unknown>,
  {
    intervalMs,
    log,
    gatherMs = 0,
  }: {
    intervalMs: number;
    log: Pick<FastifyBaseLogger, "error">;
    /**
     * How long a kick waits before its pass, so that kicks coming thick and fast (a notice per
     * order under load) share one pass instead of a pass each.
     */
    gatherMs?: number;
  },
): RepeatingTask {
  let running = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Number.POSITIVE_INFINITY;
  let inFlight: Promise<void> | undefined;
  let runAgain = false;

  function schedule(delayMs: number) {
    if (!running) return;
    clearTimeout(timer);
    dueAt = Date.now() + delayMs;
    timer = setTimeout(run, delayMs);
    // The HTTP server keeps the process alive, not a background schedule.
    timer.unref();
  }

  function run() {
    timer = undefined;
    dueAt = Number.POSITIVE_INFINITY;
    if (!running) return;
    if (inFlight) {
      runAgain = true;
      return;
    }
    inFlight = pass()
      .then(
        () => {},
        (error: unknown) => log.error({ err: error }, `${name} pass failed`),
      )
      .finally(() => {
        inFlight = undefined;
        const again = runAgain;
        runAgain = false;
        schedule(again ? gatherMs : intervalMs);
      });
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopping = false;
      schedule(0);
    },
    async stop() {
      running = false;
      stopping = true;
      clearTimeout(timer);
      timer = undefined;
      dueAt = Number.POSITIVE_INFINITY;
      await inFlight;
    },
    kick() {
      if (!running) return;
      if (inFlight) runAgain = true;
      else if (dueAt > Date.now() + gatherMs) schedule(gatherMs);
    },
    get stopping() {
      return stopping;
    },
  };
}
