import { Languages } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { LOCALE_INFO, LOCALES, type Locale, pathIn } from "../../../shared/i18n/locales.ts";
import { saveAccountLanguage } from "../../features/account/api/account-language.ts";
import { useCustomer } from "../../features/account/api/session.ts";
import { cn } from "../../lib/cn.ts";
import { useLingui } from "../../lib/i18n/react-binding.tsx";
import { useLocation } from "../../lib/router/index.ts";
import { rememberInBrowser } from "./language-choice.ts";

/**
 * The page in each of the store's languages, each named in itself. Plain links: the other
 * language's page loads whole, with its texts and its font, and the cart (kept in the browser)
 * and the query stay.
 */
export function LanguageSwitch({
  className,
  tone = "dark",
}: {
  className?: string;
  tone?: "dark" | "light";
}) {
  const { i18n } = useLingui();
  const { pathname, search, hash } = useLocation();
  const signedIn = Boolean(useCustomer().data);
  const current = i18n.locale as Locale;
  const choose = (locale: Locale) => {
    rememberInBrowser(locale);
    if (signedIn) saveAccountLanguage(locale).catch(() => undefined);
  };
  return (
    <ul aria-label={i18n._("Language")} className={cn("flex-wrap items-center gap-1", className)}>
      {LOCALES.map((locale) => {
        const { name, htmlLang } = LOCALE_INFO[locale];
        const isCurrent = locale === current;
        return (
          <li key={locale}>
            <a
              href={pathIn(locale, `${pathname}${search}${hash}`)}
              hrefLang={htmlLang}
              lang={htmlLang}
              aria-current={isCurrent ? "page" : undefined}
              onClick={() => choose(locale)}
              className={cn(
                "inline-flex min-h-9 w-full items-center whitespace-nowrap rounded-full px-3 font-language-names text-sm font-semibold transition-colors",
                tone === "dark"
                  ? isCurrent
                    ? "bg-brand-100 text-brand-800"
                    : "text-ink-700 hover:bg-brand-50 hover:text-brand-700"
                  : isCurrent
                    ? "bg-brand-800 text-white"
                    : "text-brand-100 hover:text-white hover:underline",
              )}
            >
              {name}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The header's language control: the current language, opening the switch. A narrow header has
 * no room for three names beside the navigation, in scripts whose words run longer than English.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!frame.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={frame} className={cn("relative", className)}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((was) => !was)}
        className="inline-flex h-10 items-center gap-1.5 whitespace-nowrap rounded-full px-3 text-sm font-semibold text-ink-700 hover:bg-brand-50 hover:text-brand-700"
      >
        <Languages aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">{i18n._("Language")}: </span>
        <span className="font-language-names">{LOCALE_INFO[i18n.locale as Locale].name}</span>
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 min-w-36 rounded-2xl border border-brand-100 bg-cream-50 p-2 shadow-card"
      >
        <LanguageSwitch className="flex flex-col items-stretch" />
      </div>
    </div>
  );
}
