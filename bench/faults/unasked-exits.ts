// A store process that ended without being asked to is a finding in itself (it is how the
// unheard "error" event of a dropped PostgreSQL connection showed): said in the report with the
// end of its output, and started again so the scenario can go on.
import type { StoreInstance } from "../../src/server/testing/store-instances.ts";

/** Before a scenario stops or kills `store` on purpose: was it still running? */
export async function noteUnaskedExit(store: StoreInstance, notes: string[]): Promise<void> {
  if (store.running) return;
  const exit = await store.exited();
  const tail = store
    .output()
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("{"))
    .slice(-6)
    .join(" / ");
  notes.push(
    `**${store.name} exited on its own** (code ${exit.code}, signal ${exit.signal}): ${tail.slice(0, 600)}; started again.`,
  );
  await store.start();
}
