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

type Session = Awaited<ReturnType<Auth["api"]["getSession"]>>;

/** Each request's session, looked up once however many parts of its answer ask for it. */
const sessions = new WeakMap<FastifyRequest, Promise<Session>>();

function sessionOf(auth: Auth, request: FastifyRequest): Promise<Session> {
  // Most checkouts are guests': no cookie, no session lookup.
  if (!SESSION_COOKIE.test(request.headers.cookie ?? "")) return Promise.resolve(null);
  let session = sessions.get(request);
  if (!session) {
    session = auth.api.getSession({ headers: fetchHeaders(request) });
    sessions.set(request, session);
  }
  return session;
}

/** The signed-in customer's email address, once they have verified it; otherwise null. */
export function verifiedEmailOf(auth: Auth) {
  return async (request: FastifyRequest): Promise<string | null> => {
    const session = await sessionOf(auth, request);
    return session?.user.emailVerified ? session.user.email : null;
  };
}

/** The signed-in customer's id from the session cookie, or null for a guest. */
export function customerOf(auth: Auth): CustomerOf {
  return async (request) => (await sessionOf(auth, request))?.user.id ?? null;
}

/** The signed-in customer and this browser's session id (never its token), or null. */
export function customerSessionOf(auth: Auth) {
  return async (request: FastifyRequest) => {
    const session = await sessionOf(auth, request);
    return session
      ? {
          customerId: session.user.id,
          sessionId: session.session.id,
          /** When this browser signed in: a recent sign-in stands for the owner (owner-proof.ts). */
          signedInAt: new Date(session.session.createdAt),
        }
      : null;
  };
}
export type CustomerSessionOf = ReturnType<typeof customerSessionOf>;
