import { buttonClass } from "../../components/ui/button.tsx";
import { useLingui } from "../../lib/i18n/react-binding.tsx";
import { Link } from "../../lib/router/index.ts";

/** Shown when a page fails to load, such as a chunk missing after a new release. */
export function RouteError() {
  const { i18n } = useLingui();
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="font-display text-3xl font-bold text-ink-900">
        {i18n._("Something went wrong")}
      </h1>
      <p className="mt-3 text-ink-500">
        {i18n._("This page could not be loaded. Please reload the page or try again later.")}
      </p>
      <div className="mt-6 flex gap-3">
        <button type="button" className={buttonClass({})} onClick={() => window.location.reload()}>
          {i18n._("Reload")}
        </button>
        <Link to="/" className={buttonClass({ variant: "outline" })}>
          {i18n._("Return to Home")}
        </Link>
      </div>
    </main>
  );
}
