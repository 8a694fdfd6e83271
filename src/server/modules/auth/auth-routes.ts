import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import type { Auth } from "./auth.ts";
import { answeringRequest, LIMITED_ENDPOINTS } from "./auth-limits.ts";
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

async function sendFetchResponse(request: FastifyRequest, reply: FastifyReply, response: Response) {
  // A path Better Auth does not serve (or one the store switched off) answers like any unknown API path.
  if (response.status === 404 && !response.headers.get("content-type")?.includes("json")) {
    throw new AppError("NOT_FOUND", `No route for ${request.method} ${request.url.split("?")[0]}`);
  }
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send(response.body ? await response.text() : null);
}

/**
 * Account writes per client address a minute: room for a household behind one address. The
 * endpoints that take a password or a code have their own limits, counted on the endpoint Better
 * Auth serves whatever the URL's spelling (auth-limits.ts).
 */
const AUTH_WRITES_PER_MINUTE = 60;

/** Every /api/auth/* request goes to Better Auth, limited per address and per account. */
export function authRoutes(app: App, { auth, publicUrl }: { auth: Auth; publicUrl: string }) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) =>
    sendFetchResponse(
      request,
      reply,
      await answeringRequest(request, () => auth.handler(toFetchRequest(request, publicUrl))),
    );
  // Listed for the API docs, and kept out of the per-minute limit below: their own are stricter.
  for (const [path, { summary }] of Object.entries(LIMITED_ENDPOINTS)) {
    app.post(`/api/auth${path}`, { schema: { tags: ["accounts"], summary } }, handler);
  }
  // Reads (the session every page asks for) are not limited, like the catalogue; writes are.
  app.get(
    "/api/auth/*",
    { schema: { tags: ["accounts"], summary: "The current session (Better Auth)" } },
    handler,
  );
  app.post(
    "/api/auth/*",
    {
      config: { rateLimit: { max: AUTH_WRITES_PER_MINUTE, timeWindow: 60 * 1000 } },
      schema: {
        tags: ["accounts"],
        summary: "Sign-out and the other account actions (Better Auth)",
      },
    },
    handler,
  );
}
