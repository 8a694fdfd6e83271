import { PGlite, types } from "@electric-sql/pglite";
import type { PgliteEngine } from "./pglite-engine.ts";

const asText = (value: string) => value;
/** The parsers Drizzle passes with every query: dates, times and intervals stay text. */
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/**
 * Embedded PostgreSQL in dataDir (in memory without one). PGlite merges per-query parsers into its
 * whole parser table (about 300 entries) on every query, and Drizzle sends its nine with each one:
 * a tenth of a checkout's CPU. So PGlite gets them once, here, and queries come without them
 * (pglite-thread.ts drops them, and functions could not cross threads anyway).
 *
 * Given `copy` (a dumpDataDir tarball), it starts from that database: a copy skips initdb, most
 * of the time a new database takes to start. Given `engine` (pglite-engine.ts), it need not read
 * and compile PostgreSQL itself.
 */
export function createPglite(
  dataDir: string | undefined,
  copy?: Uint8Array,
  engine?: PgliteEngine,
): Promise<PGlite> {
  const options = {
    parsers: DRIZZLE_PARSERS,
    ...(copy && { loadDataDir: new Blob([copy as Uint8Array<ArrayBuffer>]) }),
    ...(engine && {
      pgliteWasmModule: engine.wasmModule,
      initdbWasmModule: engine.initdbWasmModule,
      fsBundle: new Blob([engine.fsBundle as Uint8Array<ArrayBuffer>]),
    }),
  };
  return dataDir ? PGlite.create(dataDir, options) : PGlite.create(options);
}
