import { z } from "zod";
import { LOCALES } from "../i18n/locales.ts";
import { NAME_REQUIRED } from "../rules/account-forms.ts";
import { FORMAT_MESSAGES, normalizeIndianMobile } from "../rules/formats.ts";
import { newPasswordProblem } from "../rules/password-forms.ts";
import { tooLong } from "../rules/too-long.ts";
import { CHECKOUT_LIMITS } from "./checkout.ts";

export { ACCOUNT_API } from "./account-paths.ts";

/**
 * An account without a password proves it is its owner's by a recent sign-in (with Google or
 * OIDC) before its email changes or a password is set: a session left open is not enough.
 */
export const RECENT_SIGN_IN_MINUTES = 10;

export const ACCOUNT_MESSAGES = {
  nameRequired: NAME_REQUIRED,
  signInFirst: /*i18n*/ "Please log in to see your account.",
  currentPasswordRequired: /*i18n*/ "Please enter your current password",
  signedOut: /*i18n*/ "That device is signed out.",
  othersSignedOut: /*i18n*/ "Every other device is signed out.",
  noSession: /*i18n*/ "No such signed-in device was found for you.",
  wrongPassword: /*i18n*/ "Your current password is not right.",
  passwordChanged: /*i18n*/ "Password changed. Every other device was signed out.",
  profileSaved: /*i18n*/ "Your profile is saved.",
  noPassword:
    /*i18n*/ "This account signs in with Google or another outside account. Set a password to sign in with your email too.",
  passwordSet: /*i18n*/ "Password set. You can now sign in with your email and this password.",
  passwordAlreadySet:
    /*i18n*/ "This account already has a password. Change it with your current one.",
  sameEmail: /*i18n*/ "That is already your email address.",
  /** With `{ minutes: RECENT_SIGN_IN_MINUTES }` (the server answers `SIGN_IN_AGAIN`, filled). */
  signInAgain:
    /*i18n*/ "For your security, please log in again first: this needs a sign-in from the last {minutes} minutes.",
  emailCodeSent:
    /*i18n*/ "If {email} can be used, a code is on its way there. Enter it below to confirm the change.",
  emailChanged: /*i18n*/ "Your email address is now {email}.",
} as const;

export const profileSchema = z.object({
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** Whether the account has a password (accounts made with Google or OIDC may not). */
  hasPassword: z.boolean(),
  /** +91 and ten digits, or null when none was given. */
  mobile: z.string().nullable(),
  memberSince: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileInputSchema = z
  .object({
    name: z
      .string({ message: ACCOUNT_MESSAGES.nameRequired })
      .trim()
      .min(1, ACCOUNT_MESSAGES.nameRequired)
      .max(CHECKOUT_LIMITS.name, tooLong(CHECKOUT_LIMITS.name)),
    /** Empty removes the number; any spelling of an Indian mobile is kept as +91 and ten digits. */
    mobile: z
      .string({ message: FORMAT_MESSAGES.mobile })
      .max(20, FORMAT_MESSAGES.mobile)
      .transform((text, context) => {
        if (!text.trim()) return null;
        const mobile = normalizeIndianMobile(text);
        if (!mobile) context.addIssue({ code: "custom", message: FORMAT_MESSAGES.mobile });
        return mobile ?? null;
      })
      .optional(),
  })
  .strict();
export type ProfileInput = z.input<typeof profileInputSchema>;

/** A first password: the same length and common-password rules as sign-up. */
export const setPasswordSchema = z
  .object({ newPassword: z.string({ message: /*i18n*/ "Please enter a new password" }) })
  .strict()
  .superRefine(({ newPassword }, context) => {
    const problem = newPasswordProblem(newPassword, newPassword);
    if (problem)
      context.addIssue({ code: "custom", path: ["newPassword"], message: problem.message });
  });

export const accountSessionSchema = z.object({
  /** The session's id, never its token: the token is the sign-in itself. */
  id: z.string(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export const sessionParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The language the customer chose (decision 56). */
export const accountLanguageSchema = z.object({ locale: z.enum(LOCALES) }).strict();
export type AccountLanguage = z.infer<typeof accountLanguageSchema>;
