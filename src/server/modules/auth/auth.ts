import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { emailOTP } from "better-auth/plugins";
import type { FastifyBaseLogger } from "fastify";
import {
  CODE_LENGTH,
  CODE_VALID_MINUTES,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from "../../../shared/rules/account-forms.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { accounts, sessions, users, verifications } from "../../db/schema/index.ts";
import type { CodePurpose } from "./code-mail.ts";
import { commonPasswordGuard } from "./common-password-guard.ts";
import { emailFormatGuard } from "./email-format-guard.ts";
import { hashPassword, verifyPassword } from "./password-hashing.ts";
import { ACCOUNT_LINKING, oidcSignIn, socialProviders } from "./social-sign-in.ts";

const DAY_SECONDS = 24 * 60 * 60;

/** The store's address; on this machine also its other loopback name (localhost = 127.0.0.1). */
function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const aliases: Record<string, string> = { localhost: "127.0.0.1", "127.0.0.1": "localhost" };
  const alias = aliases[url.hostname];
  if (!alias) return [url.origin];
  const other = new URL(url.origin);
  other.hostname = alias;
  return [url.origin, other.origin];
}

/**
 * Better Auth's messages (a refused outside sign-in, a provider's bad answer) into the store's
 * log, with the error where pino shows its stack, instead of onto the console.
 */
function toAppLog(log: FastifyBaseLogger) {
  return (level: "debug" | "info" | "warn" | "error", message: string, ...details: unknown[]) => {
    const err = details.find((detail) => detail instanceof Error);
    log[level]({ err, details: details.filter((detail) => detail !== err) }, message);
  };
}

/** Wrong guesses a code survives; the next one needs a new code. */
export const CODE_ATTEMPTS = 5;

type AuthDeps = {
  db: Database;
  config: Config;
  secret: string;
  /** Queues the email carrying a one-time code. */
  sendCode: (purpose: CodePurpose, email: string, code: string) => Promise<void>;
  /** The app's log; without it Better Auth would write to the console. */
  log: FastifyBaseLogger;
};

/** Better Auth on the store's database, answering under /api/auth. */
export function createAuth({ db, config, secret, sendCode, log }: AuthDeps) {
  return betterAuth({
    appName: "Fresh Harvest Hub",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    emailVerification: { sendOnSignUp: true },
    session: { expiresIn: 30 * DAY_SECONDS, updateAge: DAY_SECONDS },
    socialProviders: socialProviders(config.socialSignIn),
    account: { accountLinking: ACCOUNT_LINKING, encryptOAuthTokens: true },
    // A way back from a provider that cannot be traced to its sign-in (expired, or not this
    // browser's) lands on the store's login page rather than Better Auth's own error page.
    onAPIError: { errorURL: "/login" },
    plugins: [
      commonPasswordGuard(),
      emailFormatGuard(),
      emailOTP({
        otpLength: CODE_LENGTH,
        expiresIn: CODE_VALID_MINUTES * 60,
        allowedAttempts: CODE_ATTEMPTS,
        storeOTP: "hashed",
        // Sign-up's verification email (emailVerification.sendOnSignUp) carries a code, not a link.
        overrideDefaultEmailVerification: true,
        // Codes verify emails and reset passwords; they never sign anyone in or up.
        disableSignUp: true,
        async sendVerificationOTP({ email, otp, type }) {
          if (type === "email-verification" || type === "forget-password") {
            await sendCode(type, email, otp);
          }
        },
      }),
      oidcSignIn(config.socialSignIn),
    ],
    // What the store does not use is not reachable: codes never sign in, and links are not sent.
    // (check-verification-otp stays: the forgot-password page checks a code before the reset.)
    disabledPaths: [
      "/sign-in/email-otp",
      "/email-otp/change-email",
      "/email-otp/request-email-change",
      "/forget-password/email-otp",
      "/request-password-reset",
      "/reset-password",
      "/send-verification-email",
      "/verify-email",
      "/change-email",
      "/delete-user",
      "/delete-user/callback",
      // No account settings page yet: passwords change by reset, names and sessions stay as made.
      "/change-password",
      "/set-password",
      "/verify-password",
      "/update-user",
      "/update-session",
      "/list-sessions",
      "/revoke-session",
      "/revoke-sessions",
      "/revoke-other-sessions",
      // Outside sign-in signs in; it never links to, lists or hands out provider tokens.
      "/link-social",
      "/list-accounts",
      "/unlink-account",
      "/refresh-token",
      "/get-access-token",
      "/account-info",
      "/ok",
    ],
    trustedOrigins: trustedOrigins(config.publicUrl),
    advanced: {
      cookiePrefix: "fhh",
      useSecureCookies: config.publicUrl.startsWith("https://"),
    },
    // The store's own per-address limits apply (see auth-routes.ts); no data leaves the server.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { log: toAppLog(log) },
  });
}

export type Auth = ReturnType<typeof createAuth>;
