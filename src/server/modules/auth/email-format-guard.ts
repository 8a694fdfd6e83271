import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { FORMAT_MESSAGES, isEmail } from "../../../shared/rules/formats.ts";

/**
 * Holds every account endpoint that takes an email address (sign-up, sign-in, codes, password
 * reset, a new address) to the storefront's one-mailbox rule. Better Auth's own check lets through text a mail
 * library would read as a list or a display name, and a code sent there would go to strangers.
 */
export const emailFormatGuard = () =>
  ({
    id: "email-format-guard",
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (context) => {
            const body = context.body as Record<string, unknown> | undefined;
            for (const email of [body?.email, body?.newEmail]) {
              if (email !== undefined && (typeof email !== "string" || !isEmail(email))) {
                throw new APIError("BAD_REQUEST", {
                  code: "INVALID_EMAIL",
                  message: FORMAT_MESSAGES.email,
                });
              }
            }
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
