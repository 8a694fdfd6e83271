import { z } from "zod";
import { NAME_REQUIRED } from "../rules/account-forms.ts";
import { CHECKOUT_LIMITS } from "./checkout.ts";

export const ACCOUNT_API = {
  profile: "/api/account/profile",
  sessions: "/api/account/sessions",
  session: (id: string) => `/api/account/sessions/${encodeURIComponent(id)}`,
  signOutOthers: "/api/account/sessions/sign-out-others",
  /** The account's data as a JSON file (DPDP Act: the right to one's data). */
  data: "/api/account/data",
  /** Better Auth's endpoint, behind the store's limits and its password-change plugin. */
  changePassword: "/api/auth/change-password",
} as const;

export const ACCOUNT_MESSAGES = {
  nameRequired: NAME_REQUIRED,
  signInFirst: "Please log in to see your account.",
  currentPasswordRequired: "Please enter your current password",
  signedOut: "That device is signed out.",
  othersSignedOut: "Every other device is signed out.",
  noSession: "No such signed-in device was found for you.",
  wrongPassword: "Your current password is not right.",
  passwordChanged: "Password changed. Every other device was signed out.",
  noPassword:
    "This account signs in with an outside account and has no password to change here. Set one with Forgot password.",
} as const;

export const profileSchema = z.object({
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** Whether the account has a password (accounts made with Google or OIDC may not). */
  hasPassword: z.boolean(),
  memberSince: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileInputSchema = z
  .object({
    name: z
      .string({ message: ACCOUNT_MESSAGES.nameRequired })
      .trim()
      .min(1, ACCOUNT_MESSAGES.nameRequired)
      .max(CHECKOUT_LIMITS.name, `Must be at most ${CHECKOUT_LIMITS.name} characters`),
  })
  .strict();
export type ProfileInput = z.infer<typeof profileInputSchema>;

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
