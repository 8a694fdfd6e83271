// Server test files share a fork (vitest.config.ts): a file that fails while it fakes the clock
// must not hand the fake clock to the next file.
import { afterAll, vi } from "vitest";

afterAll(() => {
  vi.useRealTimers();
});
