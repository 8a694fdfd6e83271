import type { BetterAuthOptions } from "better-auth";
import { genericOAuth } from "better-auth/plugins";
import type { SignInProvider } from "../../../shared/contracts/site.ts";
import type { SocialSignInSettings } from "../../config.ts";

/** Better Auth's id for the configured OpenID Connect provider; its callback is /callback/oidc. */
export const OIDC_PROVIDER_ID = "oidc";

/** Google and Facebook, each only when the store has its client id and secret. */
export function socialProviders(
  settings: SocialSignInSettings,
): BetterAuthOptions["socialProviders"] {
  return {
    ...(settings.google ? { google: settings.google } : {}),
    ...(settings.facebook ? { facebook: settings.facebook } : {}),
  };
}

/**
 * The OpenID Connect provider, found through its issuer's discovery document, so its keys and
 * issuer are checked on every ID token. With no provider configured the plugin holds none.
 */
export function oidcSignIn(settings: SocialSignInSettings) {
  const oidc = settings.oidc;
  return genericOAuth({
    config: oidc
      ? [
          {
            providerId: OIDC_PROVIDER_ID,
            name: oidc.name,
            clientId: oidc.clientId,
            clientSecret: oidc.clientSecret,
            discoveryUrl: `${oidc.issuerUrl}/.well-known/openid-configuration`,
            // A stolen authorization code is useless without the verifier only this server holds.
            pkce: true,
            requireIdTokenVerification: true,
            scopes: ["openid", "email", "profile"],
          },
        ]
      : [],
  });
}

/**
 * When an outside identity may join an existing account with the same email. Whoever controls a
 * provider account could otherwise take over the store account of anyone whose address they
 * type in there, so the provider must vouch for the address (its email_verified), no provider is
 * trusted without it, and the store's own account must have proved the address too: otherwise
 * someone who signed up first with another person's address (and a password they know) would
 * keep a way in after the real owner arrives through Google. New customers from a provider get
 * the provider's answer as their verification state; an unverified one is sent a code, as at
 * sign-up.
 */
export const ACCOUNT_LINKING = {
  enabled: true,
  trustedProviders: [],
  requireLocalEmailVerified: true,
  allowDifferentEmails: false,
} satisfies NonNullable<NonNullable<BetterAuthOptions["account"]>["accountLinking"]>;

/** What the storefront needs to draw the buttons: which providers work here, and their names. */
export function signInProviders(settings: SocialSignInSettings): SignInProvider[] {
  return [
    ...(settings.google ? [{ id: "google" as const, name: "Google" }] : []),
    ...(settings.facebook ? [{ id: "facebook" as const, name: "Facebook" }] : []),
    ...(settings.oidc ? [{ id: "oidc" as const, name: settings.oidc.name }] : []),
  ];
}
