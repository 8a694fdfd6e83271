import type { FastifyReply } from "fastify";
import { AppError } from "./app-error.ts";

export type LanesOptions = {
  /** How many may be at work at once. */
  open: number;
  /** How many may wait for a lane; the next is told to come back (503). */
  queue: number;
  /** The longest one waits for a lane before it is told to come back (503). */
  maxWaitMs: number;
  /** What the one told to come back reads. */
  busyMessage: string;
  /** Seconds the one told to come back is asked to wait (Retry-After). */
  retryAfterSeconds: number;
};

type Waiter = { grant: () => void };

/**
 * A bulkhead: at most `open` requests of one kind at work at once in this process, the rest
 * waiting their turn in arrival order. A surge of them then queues here, where waiting costs
 * nothing, instead of crowding the event loop and the database's connections, so every other
 * request (a staff member's move, a shopper browsing) still finds them free. A request whose
 * client has gone while it waited is dropped without doing its work.
 */
export class Lanes {
  #busy = 0;
  #waiting: Waiter[] = [];

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
    } else {
      // A lane given to a waiter is handed over by the one leaving it (#busy stays as it is).
      const turn = this.#waiting.length < this.options.queue ? await this.#wait(reply) : "full";
      if (turn !== "granted") {
        reply.header("retry-after", String(this.options.retryAfterSeconds));
        throw new AppError("UNAVAILABLE", this.options.busyMessage);
      }
    }
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next.grant();
      else this.#busy--;
    }
  }

  /** Waits for a lane; gives up when the client goes away or the wait is too long. */
  #wait(reply: FastifyReply): Promise<"granted" | "gone" | "too long"> {
    return new Promise((resolve) => {
      const response = reply.raw;
      const finish = (outcome: "granted" | "gone" | "too long") => {
        clearTimeout(timer);
        response.off("close", gone);
        if (outcome !== "granted") this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
        resolve(outcome);
      };
      const waiter: Waiter = { grant: () => finish("granted") };
      const gone = () => finish("gone");
      const timer = setTimeout(() => finish("too long"), this.options.maxWaitMs);
      response.once("close", gone);
      this.#waiting.push(waiter);
    });
  }
}
