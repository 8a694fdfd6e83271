import { createHmac, timingSafeEqual } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import {
  STAFF_TWO_FACTOR_MESSAGES,
  TOTP_CODE_LENGTH,
} from "../../../shared/rules/staff-sign-in.ts";
import type { Database } from "../../db/client.ts";
import { staffTwoFactors } from "./schema.ts";

// Better Auth's two-factor plugin as staff-auth.ts configures it: 30-second steps, and a code of
// the step before or after the current one is accepted too.
const PERIOD_MS = 30_000;
const WINDOW = 1;
/** Better Auth's cookie of a sign-in that waits for its code (two-factor plugin). */
const TWO_FACTOR_COOKIE = "two_factor";
const SIX_DIGITS = new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`);

/** RFC 4226's code for one step. Better Auth keys the HMAC with the secret's UTF-8 bytes. */
function codeOfStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac("sha1", secret).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_CODE_LENGTH;
  return String(value).padStart(TOTP_CODE_LENGTH, "0");
}

/** The time step within the plugin's window whose code `code` is, or undefined for a wrong code. */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | undefined {
  if (!SIX_DIGITS.test(code)) return undefined;
  const current = Math.floor(now / PERIOD_MS);
  let matched: number | undefined;
  // Every step of the window is computed and compared in constant time, whichever matches.
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(code), Buffer.from(codeOfStep(secret, step)))) matched = step;
  }
  return matched;
}

/**
 * The member a code is sent for, as the plugin finds them: the signed-in member (enrolment), or
 * the one whose password step is waiting for it (sign-in).
 */
async function memberOf(
  context: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0],
): Promise<string | undefined> {
  const session = await getSessionFromCtx(context);
  if (session) return session.user.id;
  const cookie = context.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const token = await context.getSignedCookie(cookie.name, context.context.secret);
  if (!token) return undefined;
  const waiting = await context.context.internalAdapter.findVerificationValue(token);
  return waiting?.value;
}

/**
 * An authenticator code opens one session. The plugin accepts any code of the window, as often
 * as it is sent; before it checks, this claims the code's time step for the member in one
 * conditional UPDATE, so a step at or before the last one taken (the same code again, an earlier
 * code still inside the window, or the same code sent twice at once) is refused. A wrong code is
 * left to the plugin, which refuses it and counts it toward its lockout.
 */
export function eachCodeOnce(db: Database): BetterAuthPlugin {
  return {
    id: "staff-codes-once",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (context) => {
            const code = (context.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== "string") return;
            const memberId = await memberOf(context);
            if (!memberId) return;
            const [factor] = await db
              .select({ id: staffTwoFactors.id, secret: staffTwoFactors.secret })
              .from(staffTwoFactors)
              .where(eq(staffTwoFactors.userId, memberId));
            if (!factor) return;
            const secret = await symmetricDecrypt({
              key: context.context.secretConfig,
              data: factor.secret,
            });
            const step = stepOfCode(secret, code);
            if (step === undefined) return;
            const claimed = await db
              .update(staffTwoFactors)
              .set({ totpLastStep: step })
              .where(
                and(
                  eq(staffTwoFactors.id, factor.id),
                  or(isNull(staffTwoFactors.totpLastStep), lt(staffTwoFactors.totpLastStep, step)),
                ),
              )
              .returning({ id: staffTwoFactors.id });
            if (claimed.length === 0) {
              throw new APIError("UNAUTHORIZED", {
                message: STAFF_TWO_FACTOR_MESSAGES.usedCode,
                code: "TOTP_CODE_USED",
              });
            }
          }),
        },
      ],
    },
  };
}
