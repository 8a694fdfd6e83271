import type { FastifyReply } from "fastify";
import { AppError } from "./app-error.ts";

export type LanesOptions = {
  /** How many may be at work at once. */
  open: number;
  /** How many may wait for a lane; the next is told to come back (503). */
  queue: number;
  /** What the one turned away reads. */
  busyMessage: string;
  /** Seconds the one turned away is told to wait (Retry-After). */
  retryAfterSeconds: number;
};

/**
 * A bulkhead: at most `open` requests of one kind at work at once in this process, the rest
 * waiting their turn in arrival order. A surge of them then queues here, where waiting costs
 * nothing, instead of crowding the event loop and the database's connections, so every other
 * request (a staff member's move, a shopper browsing) still finds them free.
 */
export class Lanes {
  #busy = 0;
  #waiting: (() => void)[] = [];

  constructor(readonly options: LanesOptions) {}

  get busy(): number {
    return this.#busy;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
    if (this.#busy < this.options.open) {
      this.#busy++;
    } else if (this.#waiting.length >= this.options.queue) {
      reply.header("retry-after", String(this.options.retryAfterSeconds));
      throw new AppError("UNAVAILABLE", this.options.busyMessage);
    } else {
      // The lane is handed over by the one that leaves it (#busy stays as it is).
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#busy--;
    }
  }
}
