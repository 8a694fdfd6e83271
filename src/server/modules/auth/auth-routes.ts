import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import type { Auth } from "./auth.ts";
import { type AuthAction, authLimits } from "./auth-limits.ts";
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
 * Sign-outs and the rest per client address a minute: room for a household behind one address.
 * The endpoints below have their own limits (auth-limits.ts).
 */
const AUTH_WRITES_PER_MINUTE = 60;

/** The endpoints that take a password or a code, or send one, with the limits each counts. */
const LIMITED: { url: string; action: AuthAction; summary: string }[] = [
  { url: "/api/auth/sign-in/email", action: "signIn", summary: "Sign in with email and password" },
  { url: "/api/auth/sign-up/email", action: "signUp", summary: "Create an account" },
  {
    url: "/api/auth/email-otp/send-verification-otp",
    action: "codeRequest",
    summary: "Email a new verification code (one per 30 s)",
  },
  {
    url: "/api/auth/email-otp/request-password-reset",
    action: "codeRequest",
    summary: "Email a password reset code (one per 30 s)",
  },
  { url: "/api/auth/email-otp/verify-email", action: "codeCheck", summary: "Verify the email" },
  {
    url: "/api/auth/email-otp/check-verification-otp",
    action: "codeCheck",
    summary: "Check a reset code without using it up",
  },
  {
    url: "/api/auth/email-otp/reset-password",
    action: "codeCheck",
    summary: "Choose a new password with a reset code",
  },
];

/** Every /api/auth/* request goes to Better Auth, limited per address and per account. */
export function authRoutes(app: App, { auth, publicUrl }: { auth: Auth; publicUrl: string }) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) =>
    sendFetchResponse(request, reply, await auth.handler(toFetchRequest(request, publicUrl)));
  const limits = authLimits(app);
  for (const { url, action, summary } of LIMITED) {
    app.post(url, { preHandler: limits[action], schema: { tags: ["accounts"], summary } }, handler);
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
