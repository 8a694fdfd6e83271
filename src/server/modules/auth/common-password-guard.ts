import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
} from "../../../shared/rules/common-passwords.ts";

/** The endpoints where a password is chosen, and the body field that carries it. */
const NEW_PASSWORD_FIELD = new Map([
  ["/sign-up/email", "password"],
  ["/email-otp/reset-password", "password"],
  ["/change-password", "newPassword"],
]);

/**
 * Refuses the most common passwords wherever one is chosen, as the pages do. It runs before the
 * endpoint, so a refused password does not use up the reset code that came with it.
 */
export const commonPasswordGuard = () =>
  ({
    id: "common-password-guard",
    hooks: {
      before: [
        {
          matcher: (context) => NEW_PASSWORD_FIELD.has(context.path ?? ""),
          handler: createAuthMiddleware(async (context) => {
            const field = NEW_PASSWORD_FIELD.get(context.path) ?? "";
            const password = (context.body as Record<string, unknown> | undefined)?.[field];
            if (typeof password === "string" && isCommonPassword(password)) {
              throw new APIError("BAD_REQUEST", {
                code: "PASSWORD_TOO_COMMON",
                message: COMMON_PASSWORD_MESSAGE,
              });
            }
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
