import { z } from "zod";
import { STAFF_ROLES } from "../rules/staff.ts";

export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  dashboard: z.number().int(),
  twoFactorEnabled: z.boolean(),
});
export type StaffMemberView = z.infer<typeof staffMemberSchema>;

/** GET /api/staff/me: who is signed in, and whether they must enrol an authenticator first. */
export const staffMeSchema = z.object({
  member: staffMemberSchema,
  /** With demo mode off every member needs a TOTP second factor before anything else. */
  twoFactorRequired: z.boolean(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;
