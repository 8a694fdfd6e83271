import type { App } from "../../http/types.ts";
import { accountDeletionRoutes } from "./account-deletion-routes.ts";
import { accountRoutes } from "./account-routes.ts";

type Options = Parameters<typeof accountRoutes>[1] & Parameters<typeof accountDeletionRoutes>[1];

/** The signed-in customer's own account: profile, password, devices, data export, deletion. */
export async function accountPlugin(app: App, options: Options) {
  accountRoutes(app, options);
  accountDeletionRoutes(app, options);
}
