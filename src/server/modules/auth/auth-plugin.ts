import type { App } from "../../http/types.ts";
import { authRoutes } from "./auth-routes.ts";

/** The customers' accounts under /api/auth (Better Auth). */
export async function authPlugin(app: App, options: Parameters<typeof authRoutes>[1]) {
  authRoutes(app, options);
}
