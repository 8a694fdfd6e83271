import { z } from "zod";
import { formatShopDateTime } from "../rules/shop-time.ts";

/** Every dashboard lists the staff accounts that saw repeated failed sign-ins lately. */
export const SIGN_IN_WARNINGS_PATH = "/api/staff/sign-in-warnings";

/** How far back the dashboards look, and how many they show. */
export const SIGN_IN_WARNINGS_SHOWN = { withinHours: 24, max: 10 } as const;

export const signInWarningSchema = z.object({
  id: z.string(),
  /** The member's username as the store keeps it, never as the guesser typed it. */
  username: z.string(),
  /** The network address the failures came from. */
  address: z.string(),
  /** When, as an ISO 8601 instant. */
  at: z.string(),
});
export type SignInWarning = z.infer<typeof signInWarningSchema>;

export const signInWarningsSchema = z.object({ warnings: z.array(signInWarningSchema) });
export type SignInWarnings = z.infer<typeof signInWarningsSchema>;

export const SIGN_IN_WARNING_MESSAGES = {
  title: "Sign-in warnings",
  from: (address: string) => `from ${address}`,
  hint: "If the member did not mistype their own password, set a new one for the account with npm run staff:password.",
} as const;

/** The dashboard's line, and the staff email's subject, for one warning. */
export const signInWarningLine = (warning: Pick<SignInWarning, "username" | "at">) =>
  `Repeated failed sign-ins for ${warning.username} at ${formatShopDateTime(warning.at)}`;
