import type { FastifyRequest } from "fastify";
import type { Auth } from "./auth.ts";

/** Node's request headers as the Fetch API's, which Better Auth reads. */
export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

export type CustomerOf = (request: FastifyRequest) => Promise<string | null>;

/** Better Auth's session cookie (`__Host-` prefixed under https), as auth.ts names it. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?fhh\.session_token=/;

/** The signed-in customer's email address, once they have verified it; otherwise null. */
export function verifiedEmailOf(auth: Auth) {
  return async (request: FastifyRequest): Promise<string | null> => {
    if (!SESSION_COOKIE.test(request.headers.cookie ?? "")) return null;
    const session = await auth.api.getSession({ headers: fetchHeaders(request) });
    return session?.user.emailVerified ? session.user.email : null;
  };
}

/** The signed-in customer's id from the session cookie, or null for a guest. */
export function customerOf(auth: Auth): CustomerOf {
  return async (request) => {
    // Most checkouts are guests': no cookie, no session lookup.
    if (!SESSION_COOKIE.test(request.headers.cookie ?? "")) return null;
    const session = await auth.api.getSession({ headers: fetchHeaders(request) });
    return session?.user.id ?? null;
  };
}
