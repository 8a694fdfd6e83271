export { CODE_ATTEMPTS, createAuth } from "./auth.ts";
export {
  AUTH_LIMITS,
  type AuthAction,
  endpointLimits,
  type LimitedEndpoints,
  type LimitedSet,
  usernameAccountOf,
} from "./auth-limits.ts";
export { toAppLog } from "./auth-log.ts";
export { authPlugin } from "./auth-plugin.ts";
export { betterAuthRoutes } from "./auth-routes.ts";
export { resolveAuthSecret } from "./auth-secret.ts";
export { checkPassword } from "./check-password.ts";
export { codeHasher } from "./code-hash.ts";
export { codeMail } from "./code-mail.tsx";
export {
  type CustomerOf,
  type CustomerSessionOf,
  fetchHeaders,
} from "./current-customer.ts";
export {
  endOtherSessions,
  endSession,
  rememberLanguage,
  setFirstPassword,
  updateProfile,
} from "./customer-account.ts";
export {
  SIGN_IN_FIRST,
  signedInCustomerOf,
} from "./customer-guard.ts";
export { accountMailLanguage, mailLanguage, pageLink } from "./mail-language.ts";
export { signedInRecently } from "./owner-proof.ts";
export { passwordChangedMail } from "./password-changed-mail.ts";
export { hashPassword, verifyPassword } from "./password-hashing.ts";
export { accountPersonalData, authPersonalData } from "./personal-data.ts";
export type { SignInWarner } from "./sign-in-guard.ts";
export type { FailedSignIns } from "./sign-in-warning-mail.ts";
export { signInProviders } from "./social-sign-in.ts";
export {
  putVerificationBack,
  replaceVerification,
  takeVerification,
} from "./verification-rows.ts";
