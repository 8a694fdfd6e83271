import { Sprout } from "lucide-react";
import { useEffect } from "react";
import { ButtonLink } from "../components/ui/button.tsx";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { useLocation } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export default function NotFoundPage() {
  const location = useLocation();
  const { i18n } = useLingui();
  usePageTitle(i18n._("Page Not Found"));
  useEffect(() => {
    console.warn("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <Sprout aria-hidden="true" className="h-16 w-16 text-brand-600" />
      <h1 className="mt-6 font-display text-6xl font-bold text-brand-700">404</h1>
      <p className="mt-2 text-2xl font-bold text-ink-900">{i18n._("Page Not Found")}</p>
      <p className="mt-3 text-ink-500">
        {i18n._("This page has not sprouted yet. Let us take you back.")}
      </p>
      <ButtonLink to="/" size="lg" className="mt-8">
        {i18n._("Return to Home")}
      </ButtonLink>
    </div>
  );
}
