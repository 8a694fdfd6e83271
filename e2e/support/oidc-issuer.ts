import { pathToFileURL } from "node:url";
import { OAuth2Server } from "oauth2-mock-server";

// A real OpenID Connect issuer on this machine for the browser tests (oauth2-mock-server): the
// store discovers it, signs shoppers in through it, and checks the ID tokens it signs. Started by
// playwright.config.ts as a web server of its own: `node --import tsx e2e/support/oidc-issuer.ts`.

/** What the store calls it, so the button reads "Continue with Odisha ID". */
export const ISSUER_NAME = "Odisha ID";
/** The name the issuer gives every shopper; the header shows "RK". */
export const SHOPPER_NAME = "Ravi Kumar";
/**
 * Set on 127.0.0.1 (cookies ignore the port), it stands for the shopper pressing "Deny" at the
 * issuer: the next authorization answers access_denied.
 */
export const DENY_COOKIE = "issuer-answer";

/** Follows the store's port (4173 -> 6173, clear of Vite's 5173): each run has its own issuer. */
export const issuerPort = (storePort: number) => storePort + 2000;

/** The store's settings for this issuer. */
export const storeOidcEnv = (storePort: number) => ({
  OIDC_ISSUER_URL: `http://127.0.0.1:${issuerPort(storePort)}`,
  OIDC_CLIENT_ID: "fresh-harvest-hub-e2e",
  OIDC_CLIENT_SECRET: "e2e-issuer-secret",
  OIDC_PROVIDER_NAME: ISSUER_NAME,
});

async function startIssuer(port: number) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  server.service.on("beforeAuthorizeRedirect", ({ url }, req) => {
    if (req.headers.cookie?.includes(`${DENY_COOKIE}=deny`)) {
      url.searchParams.delete("code");
      url.searchParams.set("error", "access_denied");
    }
  });
  // Every authorization is a new shopper, told apart by its one-time code, so tests running in
  // parallel never meet each other's customers.
  server.service.on("beforeTokenSigning", (token, req) => {
    const code = String(req.body.code ?? "");
    Object.assign(token.payload, {
      sub: `shopper-${code}`,
      email: `shopper-${code}@example.in`,
      email_verified: true,
      name: SHOPPER_NAME,
    });
  });
  // As configured in the store: discovery must name the very address it was fetched from.
  server.issuer.url = `http://127.0.0.1:${port}`;
  await server.start(port, "127.0.0.1");
  const stop = () => void server.stop().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await startIssuer(Number(process.env.ISSUER_PORT));
}
