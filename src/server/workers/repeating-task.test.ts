import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { repeatingTask } from "./repeating-task.ts";

const log = { error: vi.fn() };

describe("a repeating task's kicks", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function started(gatherMs: number) {
    let passes = 0;
    const pass = async () => {
      passes += 1;
    };
    const task = repeatingTask("test", pass, {
      intervalMs: 60_000,
      log,
      gatherMs,
    });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    return { task, passes: () => passes };
  }

  it("share one pass when they come within the gathering time", async () => {
    const { task, passes } = await started(100);
    expect(passes()).toBe(1);
    for (let kick = 0; kick < 20; kick++) {
      task.kick();
      await vi.advanceTimersByTimeAsync(4);
    }
    expect(passes()).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(passes()).toBe(2);
    await task.stop();
  });

  it("run a pass at once when nothing gathers them", async () => {
    const { task, passes } = await started(0);
    task.kick();
    await vi.advanceTimersByTimeAsync(0);
    task.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes()).toBe(3);
    await task.stop();
  });

  it("never wait longer than the schedule already does, nor run after a stop", async () => {
    const { task, passes } = await started(100);
    await vi.advanceTimersByTimeAsync(59_950);
    task.kick();
    await vi.advanceTimersByTimeAsync(50);
    expect(passes()).toBe(2);
    await task.stop();
    task.kick();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes()).toBe(2);
  });
});
