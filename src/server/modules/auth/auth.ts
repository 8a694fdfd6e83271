import { type BetterAuthPlugin, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { emailOTP } from "better-auth/plugins";
import type { FastifyBaseLogger } from "fastify";
import type { Locale } from "../../../shared/i18n/locales.ts";
import {
  CODE_LENGTH,
  CODE_VALID_MINUTES,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from "../../../shared/rules/account-forms.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { servesHttps, storeOrigins } from "../../http/store-origins.ts";
import { toAppLog } from "./auth-log.ts";
import { codeHasher } from "./code-hash.ts";
import type { CodePurpose } from "./code-mail.tsx";
import { commonPasswordGuard } from "./common-password-guard.ts";
import { type EmailChange, emailChange } from "./email-change.ts";
import { emailFormatGuard } from "./email-format-guard.ts";
import { codeLanguage } from "./mail-language.ts";
import { ownerProofProblem } from "./owner-proof.ts";
import { passwordChange } from "./password-change.ts";
import { hashPassword, verifyPassword } from "./password-hashing.ts";
import { accounts, sessions, users, verifications } from "./schema.ts";
import { ACCOUNT_LINKING, oidcSignIn, socialProviders } from "./social-sign-in.ts";

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Under https every account cookie is `__Host-fhh.*`: Secure, Path=/ and no Domain, so no
 * subdomain or plain-http answer can set one (Better Auth's own `__Secure-` prefix would still
 * let them). Its prefix is switched off so the name does not become `__Secure-__Host-...`.
 * Over http (the demo) the cookies stay plain `fhh.*`.
 */
function sessionCookies(publicUrl: string) {
  const secure = servesHttps(publicUrl);
  return {
    cookiePrefix: secure ? "__Host-fhh" : "fhh",
    useSecureCookies: false,
    defaultCookieAttributes: { secure, path: "/" },
  };
}

/** Wrong guesses a code survives; the next one needs a new code. */
export const CODE_ATTEMPTS = 5;

type AuthDeps = {
  db: Database;
  config: Config;
  secret: string;
  /** Queues the email carrying a one-time code, in the language of the account it is for. */
  sendCode: (purpose: CodePurpose, email: string, code: string, locale: Locale) => Promise<void>;
  /** The app's log; without it Better Auth would write to the console. */
  log: FastifyBaseLogger;
  /** The limits on the endpoints taking a password or a code (auth-limits.ts). */
  limits: BetterAuthPlugin;
  /** Queues the email telling an account's owner its password was changed. */
  passwordChanged: (user: { email: string; name: string }, locale: Locale) => Promise<void>;
  /** Queues the email telling the old address that the account moved to a new one. */
  emailChanged: (change: EmailChange, locale: Locale) => Promise<void>;
};

/** Better Auth on the store's database, answering under /api/auth. */
export function createAuth({
  db,
  config,
  secret,
  sendCode,
  log,
  limits,
  passwordChanged,
  emailChanged,
}: AuthDeps) {
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
    user: {
      // Read with the session, so checkout can offer it; only My account's own route writes it.
      additionalFields: {
        mobile: { type: "string", required: false, input: false },
        // The storefront's language the customer chose last (decision 56), set by the store.
        locale: { type: "string", required: false, input: false },
      },
    },
    session: { expiresIn: 30 * DAY_SECONDS, updateAge: DAY_SECONDS },
    socialProviders: socialProviders(config.socialSignIn),
    account: { accountLinking: ACCOUNT_LINKING, encryptOAuthTokens: true },
    // A way back from a provider that cannot be traced to its sign-in (expired, or not this
    // browser's) lands on the store's login page rather than Better Auth's own error page.
    onAPIError: { errorURL: "/login" },
    plugins: [
      // First: a request over its limit is refused before any other check looks at it.
      limits,
      commonPasswordGuard(),
      passwordChange(passwordChanged),
      emailChange(emailChanged, (session, password) => ownerProofProblem(db, session, password)),
      emailFormatGuard(),
      emailOTP({
        otpLength: CODE_LENGTH,
        expiresIn: CODE_VALID_MINUTES * 60,
        allowedAttempts: CODE_ATTEMPTS,
        storeOTP: { hash: codeHasher(secret) },
        // Sign-up's verification email (emailVerification.sendOnSignUp) carries a code, not a link.
        overrideDefaultEmailVerification: true,
        // A new address is proved by a code sent to it; the old one is then told (email-change.ts).
        changeEmail: { enabled: true },
        // Codes verify emails and reset passwords; they never sign anyone in or up.
        disableSignUp: true,
        async sendVerificationOTP({ email, otp, type }, request) {
          if (type === "sign-in") return;
          await sendCode(type, email, otp, await codeLanguage(db, type, email, request));
        },
      }),
      oidcSignIn(config.socialSignIn),
    ],
    // What the store does not use is not reachable: codes never sign in, and links are not sent.
    // (check-verification-otp stays: the forgot-password page checks a code before the reset.)
    disabledPaths: [
      "/sign-in/email-otp",
      "/forget-password/email-otp",
      "/request-password-reset",
      "/reset-password",
      "/send-verification-email",
      "/verify-email",
      "/change-email",
      "/delete-user",
      "/delete-user/callback",
      // The account page changes names and lists sessions through the store's own routes, which
      // never hand a session's token to the page (modules/account).
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
    trustedOrigins: storeOrigins(config.publicUrl),
    advanced: sessionCookies(config.publicUrl),
    // The store's own per-address limits apply (see auth-routes.ts); no data leaves the server.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { log: toAppLog(log) },
  });
}

export type Auth = ReturnType<typeof createAuth>;
