import type { FastifyReply, FastifyRequest } from "fastify";
import { RESEND_SECONDS } from "../../../shared/rules/account-forms.ts";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import type { Auth } from "./auth.ts";
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
 * Sign-ins, sign-ups and the rest per client address a minute: room for a household behind one
 * address, not for guessing passwords at speed.
 */
const AUTH_WRITES_PER_MINUTE = 60;

/** The address a code request is for, so its limit follows the mailbox, not the client. */
function codeRecipient(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? `code:${email.trim().toLowerCase()}` : `code-ip:${request.ip}`;
}

/** Asking for a new code: at most one per address every 30 s, as the pages' countdown says. */
const CODE_REQUESTS = [
  "/api/auth/email-otp/send-verification-otp",
  "/api/auth/email-otp/request-password-reset",
];

/** Every /api/auth/* request goes to Better Auth, limited per address like the store's forms. */
export function authRoutes(app: App, { auth, publicUrl }: { auth: Auth; publicUrl: string }) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) =>
    sendFetchResponse(request, reply, await auth.handler(toFetchRequest(request, publicUrl)));
  for (const url of CODE_REQUESTS) {
    app.post(
      url,
      {
        config: {
          rateLimit: {
            max: 1,
            timeWindow: RESEND_SECONDS * 1000,
            // The body names the address, so count after it is parsed.
            hook: "preHandler",
            keyGenerator: codeRecipient,
          },
        },
        schema: { tags: ["accounts"], summary: "Email a new one-time code (one per 30 s)" },
      },
      handler,
    );
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
        summary: "Sign-up, sign-in, sign-out and codes (Better Auth)",
      },
    },
    handler,
  );
}
