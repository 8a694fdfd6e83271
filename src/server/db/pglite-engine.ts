import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

/** PGlite's compiled PostgreSQL and the files it starts with. */
export type PgliteEngine = { wasmModule: WebAssembly.Module; fsBundle: Uint8Array };

let engine: Promise<PgliteEngine> | undefined;

async function loadEngine(): Promise<PgliteEngine> {
  const dist = new URL(
    ".",
    `file://${createRequire(import.meta.url).resolve("@electric-sql/pglite")}`,
  );
  const [wasm, fsBundle] = await Promise.all([
    readFile(new URL("pglite.wasm", dist)),
    readFile(new URL("pglite.data", dist)),
  ]);
  return { wasmModule: await WebAssembly.compile(wasm), fsBundle };
}

/**
 * Read and compiled once per process and handed to every database thread it starts: a thread
 * left to find them itself reads and compiles them again, seconds per database where a process
 * opens many (the test suites open one per suite).
 */
export function pgliteEngine(): Promise<PgliteEngine> {
  engine ??= loadEngine();
  return engine;
}
