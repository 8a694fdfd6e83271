import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { emailOTP } from "better-auth/plugins";
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
import { hashPassword, verifyPassword } from "./password-hashing.ts";

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

/** Wrong guesses a code survives; the next one needs a new code. */
export const CODE_ATTEMPTS = 5;

type AuthDeps = {
  db: Database;
  config: Config;
  secret: string;
  /** Queues the email carrying a one-time code. */
  sendCode: (purpose: CodePurpose, email: string, code: string) => Promise<void>;
};

/** Better Auth on the store's database, answering under /api/auth. */
export function createAuth({ db, config, secret, sendCode }: AuthDeps) {
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
    plugins: [
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
    ],
    trustedOrigins: trustedOrigins(config.publicUrl),
    advanced: {
      cookiePrefix: "fhh",
      useSecureCookies: config.publicUrl.startsWith("https://"),
    },
    // The store's own per-address limits apply (see auth-routes.ts); no data leaves the server.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
