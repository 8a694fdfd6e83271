import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { staffMeSchema } from "../../../shared/contracts/staff.ts";
import type { App } from "../../http/types.ts";
import {
  betterAuthRoutes,
  type LimitedEndpoints,
  type LimitedSet,
  usernameAccountOf,
} from "../auth/index.ts";
import { STAFF_AUTH_PATH, type StaffAuth } from "./staff-auth.ts";
import { staffMemberOf } from "./staff-guard.ts";
import { warnStaff } from "./staff-sign-in-warning.ts";

/** The staff sign-in's endpoints that take a password or a code, each with its limits. */
export const STAFF_LIMITED_ENDPOINTS: LimitedEndpoints = {
  "/sign-in/username": { action: "signIn", summary: "Staff sign-in with username and password" },
  "/two-factor/enable": {
    action: "passwordConfirm",
    summary: "Start enrolling an authenticator app (asks for the password)",
  },
  "/two-factor/verify-totp": {
    action: "codeCheck",
    summary: "Check the authenticator's code (sign-in's second step, or enrolment)",
  },
  "/two-factor/verify-backup-code": {
    action: "codeCheck",
    summary: "Sign in with a backup code instead of the authenticator",
  },
};

/** Counted apart from the customers' sign-ins, per address and per username. */
export const STAFF_LIMITS: LimitedSet = {
  namespace: "staff-auth",
  endpoints: STAFF_LIMITED_ENDPOINTS,
  accountOf: usernameAccountOf,
  accountOfUser: (user) => usernameAccountOf({ username: user.username }),
  // Its own cookie: a customer's trusted device is not a staff member's.
  deviceCookie: "fhh_staff_device",
  warn: warnStaff,
};

type StaffRouteDeps = { staffAuth: StaffAuth; publicUrl: string; twoFactorRequired: boolean };

export function staffRoutes(app: App, { staffAuth, publicUrl, twoFactorRequired }: StaffRouteDeps) {
  betterAuthRoutes(app, {
    auth: staffAuth,
    publicUrl,
    basePath: STAFF_AUTH_PATH,
    endpoints: STAFF_LIMITED_ENDPOINTS,
    tag: "staff: sign-in",
    // Signing in cannot need a session; Better Auth itself checks the session where one is due.
    config: { staff: "public" },
  });
  app.get(
    "/api/staff/me",
    {
      config: { staff: { member: "any-member", beforeTwoFactor: true } },
      schema: {
        tags: ["staff"],
        summary: "The signed-in staff member",
        response: { 200: staffMeSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => ({ member: staffMemberOf(request), twoFactorRequired }),
  );
}
