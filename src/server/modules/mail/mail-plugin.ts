import type { App } from "../../http/types.ts";
import { mailboxRoutes } from "./mailbox-routes.ts";

type Options = {
  db: Parameters<typeof mailboxRoutes>[1];
  config: Parameters<typeof mailboxRoutes>[2];
};

/** The demo store's mailbox: the outbox as a reader sees it. */
export async function mailPlugin(app: App, options: Options) {
  mailboxRoutes(app, options.db, options.config);
}
