import fp from "fastify-plugin";
import type { DatabaseHandle } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { createMailWorker } from "./mail-worker.ts";
import { mailboxRoutes } from "./mailbox-routes.ts";
import { type RecipientLimit, recipientMailLimit } from "./recipient-limit.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The one count of mail to addresses forms name, for every form that names one. */
    recipientLimit: RecipientLimit;
  }
}

type Options = {
  db: Parameters<typeof mailboxRoutes>[1];
  config: Parameters<typeof mailboxRoutes>[2] & Parameters<typeof createMailWorker>[0]["config"];
  /** The database's notices: an outbox row wakes the worker at once (see createMailWorker). */
  listen?: DatabaseHandle["listen"];
  /** A signed-in customer's own verified address, which the recipient limit does not count. */
  ownVerifiedEmail: Parameters<typeof recipientMailLimit>[1];
};

/**
 * The outbox's worker, as `app.mail` for the whole store (main.ts starts it; tests call
 * `app.mail.deliverDue()`), the limit on mail to any one address (`app.recipientLimit`), and the
 * demo store's mailbox: the outbox as a reader sees it.
 */
export const mailPlugin = fp(
  async (app: App, options: Options) => {
    const worker = createMailWorker({
      db: options.db,
      config: options.config,
      log: app.log,
      listen: options.listen,
    });
    app.decorate("mail", worker);
    app.addHook("onClose", () => worker.stop());
    app.decorate("recipientLimit", recipientMailLimit(app, options.ownVerifiedEmail));
    await app.register(async (routes: App) => mailboxRoutes(routes, options.db, options.config));
  },
  { name: "mail" },
);
