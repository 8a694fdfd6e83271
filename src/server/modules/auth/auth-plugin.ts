import fp from "fastify-plugin";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { enqueueMail } from "../mail/index.ts";
import { createAuth } from "./auth.ts";
import { CUSTOMER_LIMITS, endpointLimits } from "./auth-limits.ts";
import { authRoutes } from "./auth-routes.ts";
import { codeMail } from "./code-mail.tsx";
import {
  type CustomerOf,
  type CustomerSessionOf,
  customerOf,
  customerSessionOf,
  verifiedEmailOf,
} from "./current-customer.ts";
import { registerCustomerGuard } from "./customer-guard.ts";
import { emailChangedMail } from "./email-changed-mail.ts";
import { passwordChangedMail } from "./password-changed-mail.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Who a request is signed in as, for the modules whose answers depend on it. */
    customers: {
      /** The signed-in customer's id, or null for a guest. */
      current: CustomerOf;
      session: CustomerSessionOf;
      /** The signed-in customer's address when it is verified, else null. */
      verifiedEmail: (request: Parameters<CustomerOf>[0]) => Promise<string | null>;
    };
  }
}

type Options = {
  db: Database;
  config: Config;
  /** The store's secret (auth-secret.ts). */
  secret: string;
};

/**
 * The customers' accounts under /api/auth (Better Auth): password sign-ins counted per account
 * and client, trusted devices, owners warned (sign-in-guard.ts), and the mails accounts send.
 * Registers the customer guard, so every route registered after it may declare `config.customer`.
 */
export const authPlugin = fp(
  async (app: App, { db, config, secret }: Options) => {
    const { publicUrl } = config;
    const auth = createAuth({
      db,
      config,
      secret,
      log: app.log,
      limits: endpointLimits(
        app,
        CUSTOMER_LIMITS,
        { db, secret, publicUrl },
        { signUpsPerAddressPerHour: config.signUpsPerHour },
      ),
      async sendCode(purpose, email, code, locale) {
        await enqueueMail(db, codeMail(purpose, email, code, publicUrl, locale));
      },
      async passwordChanged(user, locale) {
        await enqueueMail(db, passwordChangedMail(user, publicUrl, "changed", locale));
      },
      async emailChanged(change, locale) {
        await enqueueMail(db, emailChangedMail(change, publicUrl, locale));
      },
    });
    const current = customerOf(auth);
    app.decorate("customers", {
      current,
      session: customerSessionOf(auth),
      verifiedEmail: verifiedEmailOf(auth),
    });
    registerCustomerGuard(app, { customerOf: current });
    await app.register(async (routes: App) => authRoutes(routes, { auth, publicUrl }));
  },
  { name: "auth" },
);
