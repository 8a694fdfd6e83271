// Stands in for PGlite's thread (db/pglite-worker.ts) in tests: it starts, then dies at the first
// request, as a thread would whose PostgreSQL aborted.
import { parentPort } from "node:worker_threads";

parentPort?.postMessage({ ready: true });
parentPort?.once("message", () => process.exit(3));
