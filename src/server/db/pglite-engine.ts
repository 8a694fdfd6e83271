import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/** PGlite's compiled PostgreSQL, its initdb, and the files it starts with. */
export type PgliteEngine = {
  wasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Uint8Array;
};

let engine: Promise<PgliteEngine> | undefined;

async function loadEngine(): Promise<PgliteEngine> {
  const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  const [wasm, initdb, fsBundle] = await Promise.all([
    readFile(path.join(dist, "pglite.wasm")),
    readFile(path.join(dist, "initdb.wasm")),
    readFile(path.join(dist, "pglite.data")),
  ]);
  const [wasmModule, initdbWasmModule] = await Promise.all([
    WebAssembly.compile(wasm),
    WebAssembly.compile(initdb),
  ]);
  return { wasmModule, initdbWasmModule, fsBundle };
}

/**
 * Read and compiled once per process and handed to every database thread it starts: a thread
 * left to find them itself reads and compiles them again, seconds per database where a process
 * opens many (the test suites open one per suite). A failed read is not kept: the next start
 * tries again.
 */
export function pgliteEngine(): Promise<PgliteEngine> {
  engine ??= loadEngine().catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}
