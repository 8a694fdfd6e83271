import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";

export const CHANGE_EMAIL_PATH = "/email-otp/change-email";

export type EmailChange = { name: string; from: string; to: string };

/**
 * Once an account's email has moved to a new address (proved by the code sent there), the old
 * address is told: a session left open somewhere must not take the account over unnoticed.
 */
export const emailChange = (changed: (change: EmailChange) => Promise<void>) =>
  ({
    id: "email-change",
    hooks: {
      after: [
        {
          matcher: (context) => context.path === CHANGE_EMAIL_PATH,
          handler: createAuthMiddleware(async (context) => {
            const returned = context.context.returned;
            // The session the endpoint checked: its user still holds the address before the change.
            const user = context.context.session?.user;
            const to = (context.body as { newEmail?: unknown } | undefined)?.newEmail;
            if (!user || typeof to !== "string") return;
            if (returned instanceof APIError || returned instanceof Error) return;
            await changed({ name: user.name, from: user.email, to: to.toLowerCase() });
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
