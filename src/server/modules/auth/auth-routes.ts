import type { FastifyContextConfig, FastifyReply, FastifyRequest } from "fastify";
import { forgetBrowserKey } from "../../http/browser-key.ts";
import { noRoute } from "../../http/no-route.ts";
import { servesHttps } from "../../http/store-origins.ts";
import type { App } from "../../http/types.ts";
import type { Auth } from "./auth.ts";
import { answeringRequest, LIMITED_ENDPOINTS, type LimitedEndpoints } from "./auth-limits.ts";
import { fetchHeaders } from "./current-customer.ts";

/** Fastify's request as the Fetch API Request Better Auth takes. */
function toFetchRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = fetchHeaders(request);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody && request.body !== undefined ? JSON.stringify(request.body) : undefined,
  });
}

/**
 * The session token travels only in its HTTP-only cookie, never in a body a script could read:
 * Better Auth's answers carry it as `token` (sign-in, sign-up) and `session.token` (get-session).
 */
function withoutSessionTokens(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return text;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  if (typeof rest.session === "object" && rest.session !== null) {
    const { token: _sessionToken, ...session } = rest.session as Record<string, unknown>;
    rest.session = session;
  }
  return JSON.stringify(rest);
}

async function sendFetchResponse(request: FastifyRequest, reply: FastifyReply, response: Response) {
  const isJson = response.headers.get("content-type")?.includes("json") ?? false;
  // A path Better Auth does not serve (or one the store switched off) answers like any unknown API path.
  if (response.status === 404 && !isJson) {
    throw noRoute(request);
  }
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    // Fastify measures the body it sends, which may be shorter than Better Auth's.
    if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  const text = response.body ? await response.text() : null;
  return reply.send(text !== null && isJson ? withoutSessionTokens(text) : text);
}

/**
 * Account writes per client address a minute: room for a household behind one address. The
 * endpoints that take a password or a code have their own limits, counted on the endpoint Better
 * Auth serves whatever the URL's spelling (auth-limits.ts).
 */
const AUTH_WRITES_PER_MINUTE = 60;

type BetterAuthHandler = { handler: (request: Request) => Promise<Response> };

type ProxyOptions = {
  auth: BetterAuthHandler;
  publicUrl: string;
  /** Where this Better Auth instance answers (its basePath). */
  basePath: string;
  endpoints: LimitedEndpoints;
  tag: string;
  /** Route config every one of these routes carries (the staff guard's declaration). */
  config?: FastifyContextConfig;
  /** After Better Auth answered, with the endpoint it served. */
  afterAnswer?: (endpoint: string | undefined, reply: FastifyReply) => void;
};

/** Every request under basePath goes to one Better Auth instance, limited per address and account. */
export function betterAuthRoutes(app: App, options: ProxyOptions) {
  const { auth, publicUrl, basePath, endpoints, tag, config = {}, afterAnswer } = options;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { response, endpoint } = await answeringRequest(request, () =>
      auth.handler(toFetchRequest(request, publicUrl)),
    );
    afterAnswer?.(endpoint, reply);
    return sendFetchResponse(request, reply, response);
  };
  // Listed for the API docs, and kept out of the per-minute limit below: their own are stricter.
  for (const [path, { summary }] of Object.entries(endpoints)) {
    app.post(`${basePath}${path}`, { config, schema: { tags: [tag], summary } }, handler);
  }
  // Reads (the session every page asks for) are not limited, like the catalogue; writes are.
  app.get(
    `${basePath}/*`,
    { config, schema: { tags: [tag], summary: "The current session (Better Auth)" } },
    handler,
  );
  app.post(
    `${basePath}/*`,
    {
      config: { ...config, rateLimit: { max: AUTH_WRITES_PER_MINUTE, timeWindow: 60 * 1000 } },
      schema: { tags: [tag], summary: "Sign-out and the other account actions (Better Auth)" },
    },
    handler,
  );
}

/** The customers' accounts under /api/auth. */
export function authRoutes(app: App, { auth, publicUrl }: { auth: Auth; publicUrl: string }) {
  const secureCookies = servesHttps(publicUrl);
  betterAuthRoutes(app, {
    auth,
    publicUrl,
    basePath: "/api/auth",
    endpoints: LIMITED_ENDPOINTS,
    tag: "accounts",
    // Better Auth asks for what each of its endpoints needs: a guest signs in here.
    config: { customer: "anyone" },
    // Signing out also forgets this browser's guest orders: a shared computer keeps none.
    afterAnswer(endpoint, reply) {
      if (endpoint === "/sign-out") forgetBrowserKey(reply, secureCookies);
    },
  });
}
