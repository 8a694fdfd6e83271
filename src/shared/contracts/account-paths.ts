// The account's API addresses, apart from its schemas, so the account's pages can name them
// without bringing zod along.
import { ACCOUNT_LANGUAGE_PATH } from "./account-language-path.ts";

export const ACCOUNT_API = {
  profile: "/api/account/profile",
  sessions: "/api/account/sessions",
  session: (id: string) => `/api/account/sessions/${encodeURIComponent(id)}`,
  signOutOthers: "/api/account/sessions/sign-out-others",
  /** The account's data as a JSON file (DPDP Act: the right to one's data). */
  data: "/api/account/data",
  /** Better Auth's endpoint, behind the store's limits and its password-change plugin. */
  changePassword: "/api/auth/change-password",
  /** A first password, for an account made with Google or OIDC. */
  setPassword: "/api/account/password",
  language: ACCOUNT_LANGUAGE_PATH,
  /** Better Auth's email-code endpoints: a code to the new address, then the change with it. */
  requestEmailChange: "/api/auth/email-otp/request-email-change",
  changeEmail: "/api/auth/email-otp/change-email",
} as const;
