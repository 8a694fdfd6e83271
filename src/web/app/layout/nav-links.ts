import { SHELL_TEXTS } from "./shell-texts.ts";

/** The main navigation; each label is translated where it is drawn. */
export const NAV_LINKS = [
  { to: "/", label: /*i18n*/ "Home" },
  { to: "/shop", label: SHELL_TEXTS.shop },
  { to: "/about", label: /*i18n*/ "About" },
  { to: "/customer-support", label: /*i18n*/ "Customer Support" },
  // The staff's sign-in: their dashboards are English whatever the page's language.
  { to: "/admin", label: /*i18n*/ "Admin" },
] as const;
