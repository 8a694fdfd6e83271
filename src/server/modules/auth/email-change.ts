import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { signedInMailLanguage } from "./mail-language.ts";
import type { OwnerProofProblem } from "./owner-proof.ts";

export const CHANGE_EMAIL_PATH = "/email-otp/change-email";
const REQUEST_CHANGE_PATH = "/email-otp/request-email-change";

type ProveOwner = (
  session: { customerId: string; signedInAt: Date },
  password: string | undefined,
) => Promise<OwnerProofProblem | null>;

export type EmailChange = { name: string; from: string; to: string };

/**
 * An email change is asked for with the current password (or, for an account without one, from
 * a recent sign-in), so a session left open somewhere cannot move the account to a thief's
 * address; once it has moved (proved by the code sent there), the old address is told.
 */
export const emailChange = (
  changed: (change: EmailChange, locale: Locale) => Promise<void>,
  proveOwner: ProveOwner,
) =>
  ({
    id: "email-change",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === REQUEST_CHANGE_PATH,
          handler: createAuthMiddleware(async (context) => {
            const session = await getSessionFromCtx(context);
            // No session: the endpoint itself answers 401.
            if (!session) return;
            const password = (context.body as { currentPassword?: unknown } | undefined)
              ?.currentPassword;
            const problem = await proveOwner(
              { customerId: session.user.id, signedInAt: new Date(session.session.createdAt) },
              typeof password === "string" ? password : undefined,
            );
            if (problem) {
              throw new APIError(problem.status, { code: problem.code, message: problem.message });
            }
          }),
        },
      ],
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
            await changed(
              { name: user.name, from: user.email, to: to.toLowerCase() },
              signedInMailLanguage(user, context.headers),
            );
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
