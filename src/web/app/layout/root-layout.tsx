import { Toasts } from "../../components/toasts.tsx";
import { UnverifiedBanner } from "../../features/account/components/unverified-banner.tsx";
import { useLingui } from "../../lib/i18n/react-binding.tsx";
import { Outlet, useNavigation } from "../../lib/router/index.ts";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { useAccountLanguage } from "./use-account-language.ts";

function NavigationProgress() {
  const navigation = useNavigation();
  const { i18n } = useLingui();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label={i18n._("Loading page")}
      className="fixed inset-x-0 top-0 z-[60] h-1 animate-pulse bg-saffron-500"
    />
  );
}

export function RootLayout() {
  const { i18n } = useLingui();
  useAccountLanguage();
  return (
    <>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-[70] rounded-full bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          {i18n._("Skip to content")}
        </a>
        <NavigationProgress />
        <Header />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <Footer />
        <Toasts />
      </div>
      {/* It appears once the session is in. Below the page, held to the window's foot, it moves
          nothing already drawn, covers no heading, and at the end of a scroll it has a place of
          its own under the footer. */}
      <div className="sticky bottom-0 z-40">
        <UnverifiedBanner />
      </div>
    </>
  );
}
