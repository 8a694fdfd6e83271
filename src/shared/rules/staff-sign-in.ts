// The staff sign-in forms: the spec's one message for a missing field, and the authenticator
// code's shape. The server checks again (Better Auth); these give the same words before any request.
import { z } from "zod";
import { STAFF_MESSAGES } from "./staff.ts";

export const staffSignInSchema = z.object({
  username: z.string().trim().min(1, STAFF_MESSAGES.missingFields),
  password: z.string().min(1, STAFF_MESSAGES.missingFields),
});
export type StaffSignInValues = z.input<typeof staffSignInSchema>;

/**
 * A staff username, chosen with `npm run staff:username`: what the member types at sign-in. It is
 * one name whatever its case ("Sasmita.Das" signs in as "sasmita.das"), and its characters are
 * the ones the sign-in takes (staff-auth.ts gives Better Auth this same rule).
 */
export const STAFF_USERNAME_LENGTH = { min: 3, max: 30 } as const;
const STAFF_USERNAME_CHARACTERS = /^[A-Za-z0-9._]+$/;

export const STAFF_USERNAME_MESSAGES = {
  length: `A staff username has ${STAFF_USERNAME_LENGTH.min} to ${STAFF_USERNAME_LENGTH.max} characters.`,
  characters:
    "A staff username may use only the letters a-z, digits, dots (.) and underscores (_), with no spaces.",
  taken: (username: string) =>
    `The username "${username}" belongs to another staff member (usernames are the same whatever their case). Choose another.`,
  unchanged: (username: string) => `"${username}" is already this member's username.`,
  unknown: (username: string) => `No staff member is called "${username}".`,
} as const;

export const isStaffUsernameShape = (username: string) => STAFF_USERNAME_CHARACTERS.test(username);

export const staffUsernameSchema = z
  .string()
  .trim()
  .min(STAFF_USERNAME_LENGTH.min, STAFF_USERNAME_MESSAGES.length)
  .max(STAFF_USERNAME_LENGTH.max, STAFF_USERNAME_MESSAGES.length)
  .refine(isStaffUsernameShape, STAFF_USERNAME_MESSAGES.characters);

/** The form a username is stored and looked up in: "Sasmita.Das" and "sasmita.das" are one. */
export const staffUsernameKey = (username: string) => username.trim().toLowerCase();

export const TOTP_CODE_LENGTH = 6;

export const STAFF_TWO_FACTOR_MESSAGES = {
  missingCode: "Please enter the 6-digit code from your authenticator app",
  shortCode: "The code has 6 digits",
  wrongCode: "That code did not match. Check your authenticator app and try again.",
  usedCode:
    "That code has been used already. Wait for your authenticator app to show a new one, then enter it.",
  missingPassword: "Please enter your password",
  missingBackupCode: "Please enter one of your backup codes",
  wrongBackupCode: "That backup code did not match, or it was used already.",
} as const;

/** What the code input keeps of what is typed or pasted: digits, at most six. */
export const totpCodeInput = (typed: string) => typed.replace(/\D/g, "").slice(0, TOTP_CODE_LENGTH);

export const totpCodeSchema = z.object({
  code: z
    .string()
    .min(1, STAFF_TWO_FACTOR_MESSAGES.missingCode)
    .regex(/^\d{6}$/, STAFF_TWO_FACTOR_MESSAGES.shortCode),
});
export type TotpCodeValues = z.input<typeof totpCodeSchema>;

export const backupCodeSchema = z.object({
  code: z.string().trim().min(1, STAFF_TWO_FACTOR_MESSAGES.missingBackupCode),
});
export type BackupCodeValues = z.input<typeof backupCodeSchema>;

export const confirmPasswordSchema = z.object({
  password: z.string().min(1, STAFF_TWO_FACTOR_MESSAGES.missingPassword),
});
export type ConfirmPasswordValues = z.input<typeof confirmPasswordSchema>;

/**
 * The secret an authenticator app needs, from the `otpauth://` address the server gives at
 * enrolment, for people who type it rather than scan it. Undefined when the address has none.
 */
export function totpSecretOf(uri: string): string | undefined {
  try {
    const secret = new URL(uri).searchParams.get("secret");
    return secret ? secret.toUpperCase() : undefined;
  } catch {
    return undefined;
  }
}

/** "JBSWY3DPEHPK3PXP" -> "JBSW Y3DP EHPK 3PXP": groups of four are easier to copy by hand. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}
