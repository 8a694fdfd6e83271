// A worker thread does not inherit the parent's TypeScript loader: register tsx, then start the
// worker module named by the parent.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
