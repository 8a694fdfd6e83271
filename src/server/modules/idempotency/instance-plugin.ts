import fp from "fastify-plugin";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { createInstanceHeartbeat } from "./store-instance.ts";

/**
 * This process's heartbeat while it serves, so a checkout it leaves unfinished by dying is taken
 * over in seconds (store-instance.ts).
 */
export const instancePlugin = fp(
  async (app: App, options: { db: Database }) => {
    const heartbeat = createInstanceHeartbeat({ db: options.db, log: app.log });
    app.addHook("onReady", () => heartbeat.start());
    app.addHook("onClose", () => heartbeat.stop());
  },
  { name: "instance" },
);
