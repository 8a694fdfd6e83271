import { type BetterAuthPlugin, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor, username } from "better-auth/plugins";
import type { FastifyBaseLogger } from "fastify";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../shared/rules/account-forms.ts";
import { STAFF_SESSION_MAX_HOURS } from "../../../shared/rules/staff.ts";
import {
  isStaffUsernameShape,
  STAFF_USERNAME_LENGTH,
} from "../../../shared/rules/staff-sign-in.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { servesHttps, storeOrigins } from "../../http/store-origins.ts";
import { hashPassword, toAppLog, verifyPassword } from "../auth/index.ts";
import {
  staffAccounts,
  staffMembers,
  staffSessions,
  staffTwoFactors,
  staffVerifications,
} from "./schema.ts";
import { eachCodeOnce } from "./staff-codes-once.ts";

export const STAFF_AUTH_PATH = "/api/staff/auth";

/**
 * The staff's cookies have names of their own (`fhh_staff.*`, `__Host-fhh_staff.*` under
 * https), so a staff session is never read as a customer's and signing out of one leaves the
 * other. The session cookie lasts as long as the longest session; the server ends it sooner
 * when idle (staff-session.ts).
 */
function staffCookies(publicUrl: string) {
  const secure = servesHttps(publicUrl);
  return {
    cookiePrefix: secure ? "__Host-fhh_staff" : "fhh_staff",
    useSecureCookies: false,
    defaultCookieAttributes: { secure, path: "/", sameSite: "strict" as const },
  };
}

/**
 * Each sign-in asks for the authenticator's code: no "trust this device" for 30 days, which
 * Better Auth's two-factor plugin would otherwise offer.
 */
function everySignInAsksForTheCode(): BetterAuthPlugin {
  return {
    id: "staff-every-sign-in",
    hooks: {
      before: [
        {
          matcher: (context) => context.path?.startsWith("/two-factor/verify") ?? false,
          handler: createAuthMiddleware(async (context) => {
            if ((context.body as { trustDevice?: unknown } | undefined)?.trustDevice) {
              throw new APIError("BAD_REQUEST", {
                message: "Staff enter their authenticator's code at every sign-in.",
              });
            }
          }),
        },
      ],
    },
  };
}

type StaffAuthDeps = {
  db: Database;
  config: Config;
  secret: string;
  log: FastifyBaseLogger;
  /** The per-address and per-username limits on the staff sign-in (auth-limits.ts). */
  limits: BetterAuthPlugin;
};

/**
 * The staff's own Better Auth, on the staff tables and under /api/staff/auth: sign-in by
 * username and password, then a TOTP code once enrolled. Nothing here creates a member or
 * changes a password, a name or a role: the seed creates members, `npm run staff:password` sets
 * passwords and `npm run staff:username` usernames. Outside sign-in and the emailed-code flows do
 * not exist on this instance.
 */
export function createStaffAuth({ db, config, secret, log, limits }: StaffAuthDeps) {
  return betterAuth({
    appName: "Fresh Harvest Hub",
    baseURL: config.publicUrl,
    basePath: STAFF_AUTH_PATH,
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: staffMembers,
        session: staffSessions,
        account: staffAccounts,
        verification: staffVerifications,
        twoFactor: staffTwoFactors,
      },
    }),
    user: {
      additionalFields: {
        role: { type: "string", required: false, input: false },
        dashboard: { type: "number", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    // Never extended: 12 hours from sign-in at most. The 30-minute idle end is the store's own
    // (staff-session.ts), counted from the member's last request.
    session: {
      expiresIn: STAFF_SESSION_MAX_HOURS * 60 * 60,
      disableSessionRefresh: true,
    },
    plugins: [
      limits,
      everySignInAsksForTheCode(),
      eachCodeOnce(db),
      // The same rule as `npm run staff:username`, so a chosen name is one the sign-in takes.
      username({
        minUsernameLength: STAFF_USERNAME_LENGTH.min,
        maxUsernameLength: STAFF_USERNAME_LENGTH.max,
        usernameValidator: isStaffUsernameShape,
      }),
      twoFactor({
        issuer: "Fresh Harvest Hub staff",
        // The codes are checked against the secret only; no codes by email.
        skipVerificationOnEnable: false,
      }),
    ],
    disabledPaths: [
      // Members sign in by username; nobody signs up.
      "/sign-in/email",
      "/sign-up/email",
      "/is-username-available",
      // A staff password is set only by `npm run staff:password`, never by mail or from a session.
      "/request-password-reset",
      "/forget-password",
      "/reset-password",
      "/change-password",
      "/set-password",
      "/verify-password",
      "/send-verification-email",
      "/verify-email",
      "/change-email",
      "/update-user",
      "/delete-user",
      "/delete-user/callback",
      "/update-session",
      "/list-sessions",
      "/revoke-session",
      "/revoke-sessions",
      "/revoke-other-sessions",
      "/sign-in/social",
      "/link-social",
      "/list-accounts",
      "/unlink-account",
      "/refresh-token",
      "/get-access-token",
      "/account-info",
      "/ok",
      // A second factor is removed only with the password command's reset, never from a session.
      "/two-factor/disable",
      "/two-factor/send-otp",
      "/two-factor/verify-otp",
      "/two-factor/generate-backup-codes",
    ],
    trustedOrigins: storeOrigins(config.publicUrl),
    advanced: {
      ...staffCookies(config.publicUrl),
      cookies: { session_token: { attributes: { maxAge: STAFF_SESSION_MAX_HOURS * 60 * 60 } } },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { log: toAppLog(log) },
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
