import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { signedInMailLanguage } from "./mail-language.ts";

export const CHANGE_PASSWORD_PATH = "/change-password";

/**
 * A password changed while signed in: every other session of the account ends, whatever the
 * request asked (a thief's open session must not outlive the owner's change), and the owner is
 * told by email once the change is made.
 */
export const passwordChange = (
  changed: (user: { email: string; name: string }, locale: Locale) => Promise<void>,
) =>
  ({
    id: "password-change",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === CHANGE_PASSWORD_PATH,
          handler: createAuthMiddleware(async (context) => ({
            context: {
              body: { ...(context.body as object), revokeOtherSessions: true },
            },
          })),
        },
      ],
      after: [
        {
          matcher: (context) => context.path === CHANGE_PASSWORD_PATH,
          handler: createAuthMiddleware(async (context) => {
            const returned = context.context.returned;
            const user = context.context.session?.user;
            if (!user || returned instanceof APIError || returned instanceof Error) return;
            await changed(
              { email: user.email, name: user.name },
              signedInMailLanguage(user, context.headers),
            );
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
