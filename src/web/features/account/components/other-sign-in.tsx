import { useEffect, useState } from "react";
import type { SignInProvider } from "../../../../shared/contracts/site.ts";
import type { I18n } from "../../../../shared/i18n/translator.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { useSearchParams } from "../../../lib/router/index.ts";
import { useSiteSettings } from "../../site/api/site-settings.ts";
import { type AuthPage, useStartOutsideSignIn } from "../api/session.ts";

/** Why the provider sent the shopper back, for the codes a shopper can act on. */
const FAILURE_HINTS: Record<string, string> = {
  access_denied: /*i18n*/ "The sign-in was cancelled.",
  account_not_linked:
    /*i18n*/ "An account with this email already exists. Log in with your email and password.",
  email_not_found: /*i18n*/ "The provider did not share an email address.",
};

/** "Google login failed": the page's action in one message per page, for the word order. */
function failed(i18n: I18n, page: AuthPage, provider: string | undefined): string {
  if (page === "login") {
    return provider ? i18n._("{provider} login failed", { provider }) : i18n._("Login failed");
  }
  return provider ? i18n._("{provider} signup failed", { provider }) : i18n._("Signup failed");
}

/**
 * A provider that failed sends the browser back here with `?provider=...&error=...`: say so once,
 * then drop the error from the address so a reload does not repeat it.
 */
function useFailureToast(page: AuthPage, providers: SignInProvider[] | undefined) {
  const { i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const error = params.get("error");
  const providerId = params.get("provider");
  useEffect(() => {
    if (!error || !providers) return;
    const name = providers.find((provider) => provider.id === providerId)?.name;
    // A provider switched off since the shopper left gets the spec's plain message.
    toast.error(failed(i18n, page, name), {
      id: "outside-sign-in-failed",
      description: i18n._(FAILURE_HINTS[error] ?? /*i18n*/ "Please try again."),
    });
    setParams({}, { replace: true });
  }, [error, providerId, providers, page, setParams, i18n]);
}

/**
 * Google, Facebook and the store's OpenID Connect provider. Each configured one starts the real
 * sign-in; unconfigured, Google and Facebook say so rather than pretend, and the other one is not
 * shown at all.
 */
export function OtherSignIn({ action }: { action: AuthPage }) {
  const { i18n } = useLingui();
  const settings = useSiteSettings();
  // If the settings cannot be read, the buttons act as on a store with no providers.
  const providers = settings.data?.signInProviders ?? (settings.isError ? [] : undefined);
  const start = useStartOutsideSignIn();
  const [connecting, setConnecting] = useState<SignInProvider["id"] | null>(null);
  useFailureToast(action, providers);

  useEffect(() => {
    // Back from the provider's page, the browser may show this page as it was left: connecting.
    const reset = (event: PageTransitionEvent) => event.persisted && setConnecting(null);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  const signInWith = async (provider: SignInProvider) => {
    setConnecting(provider.id);
    try {
      // The button stays "Connecting..." until the provider's page replaces this one.
      window.location.assign(await start.mutateAsync({ provider: provider.id, from: action }));
    } catch {
      setConnecting(null);
      toast.error(
        action === "login"
          ? i18n._("An error occurred during {provider} login", { provider: provider.name })
          : i18n._("An error occurred during {provider} signup", { provider: provider.name }),
      );
    }
  };
  const configured = (id: SignInProvider["id"]) => providers?.find((p) => p.id === id);
  const button = (
    id: SignInProvider["id"],
    name: string,
    unavailable: (() => void) | undefined,
  ) => {
    const provider = configured(id);
    if (!provider && !unavailable) return null;
    return (
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={providers === undefined || connecting !== null}
        aria-busy={connecting === id}
        onClick={() => (provider ? signInWith(provider) : unavailable?.())}
      >
        {connecting === id
          ? i18n._("Connecting...")
          : i18n._("Continue with {provider}", { provider: provider?.name ?? name })}
      </Button>
    );
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-sm text-ink-500">
        <span className="h-px flex-1 bg-ink-500/20" />
        {i18n._("or")}
        <span className="h-px flex-1 bg-ink-500/20" />
      </div>
      {button("google", "Google", () =>
        toast.info(i18n._("Sign-in with Google is not available on this store.")),
      )}
      {button("facebook", "Facebook", () =>
        toast.info(
          action === "login"
            ? i18n._("Facebook login not implemented yet")
            : i18n._("Facebook signup not implemented yet"),
        ),
      )}
      {button("oidc", "", undefined)}
    </div>
  );
}
