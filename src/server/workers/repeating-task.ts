import type { FastifyBaseLogger } from "fastify";

export type RepeatingTask = {
  start(): void;
  /** Stops the schedule and waits for a pass in progress; the pass sees `stopping` and ends early. */
  stop(): Promise<void>;
  /** Runs a pass now, or right after the one in progress. */
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
  { intervalMs, log }: { intervalMs: number; log: Pick<FastifyBaseLogger, "error"> },
): RepeatingTask {
  let running = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let runAgain = false;

  function schedule(delayMs: number) {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(run, delayMs);
    // The HTTP server keeps the process alive, not a background schedule.
    timer.unref();
  }

  function run() {
    timer = undefined;
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
        schedule(again ? 0 : intervalMs);
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
      await inFlight;
    },
    kick() {
      if (!running) return;
      if (inFlight) runAgain = true;
      else schedule(0);
    },
    get stopping() {
      return stopping;
    },
  };
}
