// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  forgetQueueInMemory,
  QUEUE_STORAGE_KEY,
  type QueuedMove,
  queuedMoves,
  queueMove,
  type ReplayOutcome,
  replayQueued,
} from "./pending-moves.ts";

const move = (orderNumber: string, key = `key-${orderNumber}`): QueuedMove => ({
  orderNumber,
  to: "confirmed",
  key,
});

afterEach(() => {
  localStorage.clear();
  forgetQueueInMemory();
});

describe("moves made offline", () => {
  it("are kept in the browser, so a reload does not lose them, one per order", () => {
    expect(queueMove(move("FHH-000001"))).toBe(true);
    expect(queueMove(move("FHH-000002"))).toBe(true);
    // A second press on the same order while offline queues nothing more.
    expect(queueMove(move("FHH-000001", "another-key"))).toBe(false);
    forgetQueueInMemory();
    expect(queuedMoves()).toEqual([move("FHH-000001"), move("FHH-000002")]);
  });

  it("are sent in the order they were made, each once, with the key it was first sent with", async () => {
    queueMove(move("FHH-000001"));
    queueMove(move("FHH-000002"));
    const sent: QueuedMove[] = [];
    await replayQueued(async (queued) => {
      sent.push(queued);
      return "sent";
    });
    expect(sent).toEqual([move("FHH-000001"), move("FHH-000002")]);
    expect(queuedMoves()).toEqual([]);
    expect(localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
    // Nothing is left to send again.
    const again = vi.fn();
    await replayQueued(again);
    expect(again).not.toHaveBeenCalled();
  });

  it("leave the queue when refused (the order moved meanwhile): the refusal is the answer", async () => {
    queueMove(move("FHH-000003"));
    await replayQueued(async () => "refused");
    expect(queuedMoves()).toEqual([]);
  });

  it("stay, with the rest behind them, while the store still cannot be reached", async () => {
    queueMove(move("FHH-000004"));
    queueMove(move("FHH-000005"));
    const send = vi.fn(async (): Promise<ReplayOutcome> => "offline");
    await replayQueued(send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(queuedMoves().map((queued) => queued.orderNumber)).toEqual(["FHH-000004", "FHH-000005"]);
  });

  it("are sent once when the network comes back twice at once (two `online` events)", async () => {
    queueMove(move("FHH-000006"));
    let release: () => void = () => {};
    const send = vi.fn(
      () =>
        new Promise<ReplayOutcome>((resolve) => {
          release = () => resolve("sent");
        }),
    );
    const first = replayQueued(send);
    const second = replayQueued(send);
    release();
    await Promise.all([first, second]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("drop what is stored that is not a move (an older shape, a hand edit)", () => {
    localStorage.setItem(
      QUEUE_STORAGE_KEY,
      JSON.stringify([move("FHH-000007"), { orderNumber: "x", to: "confirmed", key: "k" }, 3]),
    );
    expect(queuedMoves()).toEqual([move("FHH-000007")]);
    localStorage.setItem(QUEUE_STORAGE_KEY, "not json");
    expect(queuedMoves()).toEqual([]);
  });
});
