import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeRunningNote, storeIsRunning, writeRunningNote } from "./running-store-note.ts";

describe("the running store's note", () => {
  let dir = "";
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("says a store runs on the folder while its process lives, and not after", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "fhh-note-"));
    expect(await storeIsRunning(dir)).toBe(false);
    await writeRunningNote(dir);
    expect(await storeIsRunning(dir)).toBe(true);
    await removeRunningNote(dir);
    expect(await storeIsRunning(dir)).toBe(false);

    // A note left by a store that died names a process that is gone.
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    await writeFile(path.join(dir, "running.json"), JSON.stringify({ pid: Number(gone.stdout) }));
    expect(await storeIsRunning(dir)).toBe(false);
    await writeFile(path.join(dir, "running.json"), "not json");
    expect(await storeIsRunning(dir)).toBe(false);
  });
});
