import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import {
  SIGN_IN_WARNINGS_PATH,
  signInWarningsSchema,
} from "../../../shared/contracts/sign-in-warnings.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { recentSignInWarnings } from "./staff-sign-in-warning.ts";

/** Every member sees which staff accounts saw repeated failed sign-ins lately. */
export function signInWarningRoutes(app: App, db: Database) {
  app.get(
    SIGN_IN_WARNINGS_PATH,
    {
      config: { staff: "any-member" },
      schema: {
        tags: ["staff"],
        summary: "Staff accounts with repeated failed sign-ins in the last day, newest first",
        response: { 200: signInWarningsSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    () => recentSignInWarnings(db, new Date()),
  );
}
