import { afterEach, describe, expect, it, vi } from "vitest";
import { holdMove, undoMove } from "./pending-moves.ts";

describe("moves held for an Undo", () => {
  afterEach(() => vi.useRealTimers());

  it("sends a held move once its time is up, once however often it is pressed", () => {
    vi.useFakeTimers();
    const send = vi.fn();
    expect(holdMove("FHH-000001", "out_for_delivery", 5, send)).toBe(true);
    expect(holdMove("FHH-000001", "out_for_delivery", 5, send)).toBe(false);
    vi.advanceTimersByTime(4_999);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(undoMove("FHH-000001")).toBe(false);
  });

  it("sends nothing once undone, and lets the move be pressed again", () => {
    vi.useFakeTimers();
    const send = vi.fn();
    holdMove("FHH-000002", "delivered", 5, send);
    expect(undoMove("FHH-000002")).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(send).not.toHaveBeenCalled();
    expect(holdMove("FHH-000002", "delivered", 5, send)).toBe(true);
    vi.advanceTimersByTime(5_000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
