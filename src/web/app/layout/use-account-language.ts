import { useEffect } from "react";
import { type Locale, pathIn } from "../../../shared/i18n/locales.ts";
import { saveAccountLanguage } from "../../features/account/api/account-language.ts";
import { useCustomer } from "../../features/account/api/session.ts";
import { useLingui } from "../../lib/i18n/react-binding.tsx";
import { useLocation } from "../../lib/router/index.ts";
import { browserChoice, rememberInBrowser } from "./language-choice.ts";

/**
 * A signed-in customer's language follows them (decision 56): a browser that never chose one
 * takes the account's, opening this page in it; an account that never had one takes this
 * browser's choice, or the page's.
 */
export function useAccountLanguage(): void {
  const { data: customer } = useCustomer();
  const { i18n } = useLingui();
  const { pathname, search, hash } = useLocation();
  const page = i18n.locale as Locale;
  const accountLocale = customer?.locale;
  const signedIn = Boolean(customer);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a sign-in or a new account language moves the page; the address is read as it is then.
  useEffect(() => {
    if (!signedIn) return;
    const chosen = browserChoice();
    if (!accountLocale) {
      saveAccountLanguage(chosen ?? page).catch(() => undefined);
      return;
    }
    if (chosen) return;
    const account = accountLocale as Locale;
    rememberInBrowser(account);
    if (account !== page) window.location.replace(pathIn(account, `${pathname}${search}${hash}`));
  }, [signedIn, accountLocale]);
}
