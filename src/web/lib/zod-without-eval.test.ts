import { describe, expect, it } from "vitest";

describe("zod in the browser", () => {
  it("never probes for eval once the store's setting is in place", async () => {
    await import("./zod-without-eval.ts");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
  });
});
