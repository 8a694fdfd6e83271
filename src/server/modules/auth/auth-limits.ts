import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { FastifyRequest } from "fastify";
import { RESEND_SECONDS } from "../../../shared/rules/account-forms.ts";
import { rateLimitKey } from "../../http/client-address.ts";
import type { App } from "../../http/types.ts";
import { waitText } from "../../http/wait-text.ts";
import { inboxOf } from "../mail/index.ts";
import { warnCustomer } from "./customer-sign-in-warning.ts";
import {
  createSignInGuard,
  type GuardedSignIn,
  outcomeOf,
  type Settle,
  type SignInGuardDeps,
} from "./sign-in-guard.ts";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Counted per client address, or per account: the email address the request names. */
type Limit = { per: "address" | "account"; max: number; windowMs: number };
type Action = { refusal: string; limits: Limit[] };

/**
 * Every limit on the account endpoints but sign-in's, in the order they are checked; a request
 * counts against each limit up to the first that refuses it. The address comes first, so a
 * client refused there adds nothing to any account's count: it cannot push other accounts'
 * counts out of the in-memory store (an LRU) by naming account after account. Per account, so
 * guessing one account's code from many addresses gets nowhere; per address, so one client
 * cannot try account after account. Each is a fixed window: once it ends the owner gets back in,
 * however long an attack goes on. Every attempt counts, right or wrong, so parallel guesses
 * cannot slip through before a failure is recorded. Per-address numbers leave room for a
 * household, an office or a mobile network's shared address.
 *
 * Sign-in itself counts failures per account and client instead, so that a guesser cannot lock
 * the owner out (sign-in-guard.ts, decision 40).
 */
export const AUTH_LIMITS = {
  passwordConfirm: {
    refusal: "Too many password attempts.",
    limits: [
      // A signed-in account's password asked again (deleting the account, enrolling a staff
      // authenticator): 10 guesses a quarter-hour is under 1,000 a day.
      { per: "address", max: 30, windowMs: 15 * MINUTE },
      { per: "account", max: 10, windowMs: 15 * MINUTE },
    ],
  },
  signUp: {
    refusal: "Too many sign-up attempts.",
    limits: [
      // SIGN_UPS_PER_ADDRESS_PER_HOUR may set another number (EndpointOptions).
      { per: "address", max: 20, windowMs: HOUR },
      // Signing the same address up again only tells whether it has an account.
      { per: "account", max: 5, windowMs: HOUR },
    ],
  },
  codeRequest: {
    refusal: "Too many requests for a code.",
    limits: [
      { per: "address", max: 20, windowMs: HOUR },
      // One code per address every 30 s, as the pages' countdown says.
      { per: "account", max: 1, windowMs: RESEND_SECONDS * 1000 },
      // Nobody's inbox can be flooded with codes they did not ask for.
      { per: "account", max: 5, windowMs: HOUR },
    ],
  },
  passwordChange: {
    refusal: "Too many password attempts.",
    limits: [
      // Only a signed-in browser gets this far; its current password is what is guessed.
      { per: "address", max: 10, windowMs: 15 * MINUTE },
    ],
  },
  codeCheck: {
    refusal: "Too many code attempts.",
    limits: [
      { per: "address", max: 60, windowMs: HOUR },
      // Each code takes 5 wrong tries (CODE_ATTEMPTS); this caps the tries across new codes.
      { per: "account", max: 15, windowMs: HOUR },
    ],
  },
} satisfies Record<string, Action>;

export type AuthAction = keyof typeof AUTH_LIMITS;

/** What an endpoint is held to: an action's limits above, or the sign-in guard. */
export type EndpointAction = AuthAction | "signIn";

export type LimitedEndpoints = Record<string, { action: EndpointAction; summary: string }>;

/**
 * The endpoints that take a password or a code, or send one, by the path Better Auth matched:
 * however the request spelled its URL, this is the endpoint that serves it.
 */
export const LIMITED_ENDPOINTS: LimitedEndpoints = {
  "/sign-in/email": { action: "signIn", summary: "Sign in with email and password" },
  "/sign-up/email": { action: "signUp", summary: "Create an account" },
  "/email-otp/send-verification-otp": {
    action: "codeRequest",
    summary: "Email a new verification code (one per 30 s)",
  },
  "/email-otp/request-password-reset": {
    action: "codeRequest",
    summary: "Email a password reset code (one per 30 s)",
  },
  "/email-otp/verify-email": { action: "codeCheck", summary: "Verify the email" },
  "/change-password": {
    action: "passwordChange",
    summary: "Change the password (current one required); signs out every other session",
  },
  "/email-otp/check-verification-otp": {
    action: "codeCheck",
    summary: "Check a reset code without using it up",
  },
  "/email-otp/reset-password": {
    action: "codeCheck",
    summary: "Choose a new password with a reset code",
  },
  "/email-otp/request-email-change": {
    action: "codeRequest",
    summary: "Email a code to the new address the signed-in account wants (one per 30 s)",
  },
  "/email-otp/change-email": {
    action: "codeCheck",
    summary: "Move the signed-in account to the new address with the code sent there",
  },
};

/**
 * The HTTP request Better Auth is answering, and the endpoint it resolved (the first to run;
 * endpoints it calls in turn are part of the same request).
 */
type Call = { request: FastifyRequest; endpoint?: string; body?: unknown; settle?: Settle };
const currentCall = new AsyncLocalStorage<Call>();

/**
 * Runs Better Auth's answer to one HTTP request, so its endpoint limits know who is asking; a
 * sign-in counted as a failure before its password was checked is settled by the answer.
 */
export async function answeringRequest(
  request: FastifyRequest,
  answer: () => Promise<Response>,
): Promise<{ response: Response; endpoint: string | undefined }> {
  const call: Call = { request };
  let response: Response | undefined;
  try {
    response = await currentCall.run(call, answer);
  } finally {
    await call.settle?.(outcomeOf(response?.status));
  }
  return { response, endpoint: call.endpoint };
}

/**
 * The account the body names, as the inbox its address reaches, hashed: the counters tell
 * accounts apart and keep no list, and `name+1@`, `name+2@`, ... (or Gmail's dots) are one inbox,
 * so new spellings neither get new guesses nor flood it with codes.
 */
function customerAccountOf(body: unknown): string | undefined {
  // An email change names the inbox its code goes to as newEmail, first: an `email` beside it
  // (which the endpoint ignores) must not give the request another inbox's count.
  const named = body as { email?: unknown; newEmail?: unknown } | undefined;
  const email = named?.newEmail ?? named?.email;
  if (typeof email !== "string" || !email.trim()) return undefined;
  return hashed(inboxOf(email));
}

const hashed = (value: string) => createHash("sha256").update(value).digest("base64url");

/** A staff account is named by its username, compared as Better Auth's username plugin does. */
export function usernameAccountOf(body: unknown): string | undefined {
  const username = (body as { username?: unknown } | undefined)?.username;
  if (typeof username !== "string" || !username.trim()) return undefined;
  return hashed(`staff:${username.trim().toLowerCase()}`);
}

/**
 * Which endpoints one Better Auth instance limits, how a request names its account, and how
 * its sign-ins are guarded.
 */
export type LimitedSet = GuardedSignIn & {
  /** Keeps these counts apart from another instance's (customers' and staff's sign-ins). */
  namespace: string;
  endpoints: LimitedEndpoints;
  accountOf: (body: unknown) => string | undefined;
  /** The account a signed-in user holds, named as `accountOf` names it. */
  accountOfUser: (user: Record<string, unknown>) => string | undefined;
};

export const CUSTOMER_LIMITS: LimitedSet = {
  namespace: "auth",
  endpoints: LIMITED_ENDPOINTS,
  accountOf: customerAccountOf,
  accountOfUser: (user) => customerAccountOf({ email: user.email }),
  deviceCookie: "fhh_device",
  warn: warnCustomer,
};

type Check = (call: Call) => Promise<void>;

/** What the store's configuration changes in AUTH_LIMITS. */
export type EndpointOptions = {
  /** Sign-ups one client address may make an hour (SIGN_UPS_PER_ADDRESS_PER_HOUR). */
  signUpsPerAddressPerHour?: number;
};

function limitsFor(action: AuthAction, { signUpsPerAddressPerHour }: EndpointOptions): Limit[] {
  const { limits } = AUTH_LIMITS[action];
  if (action !== "signUp" || signUpsPerAddressPerHour === undefined) return limits;
  return limits.map((limit: Limit) =>
    limit.per === "address" ? { ...limit, max: signUpsPerAddressPerHour } : limit,
  );
}

/**
 * Counts an action's limits in the app's rate-limit store (the database when several instances
 * share it). One counter per limit, made once: the in-memory store keeps a separate count for
 * each limiter, and every endpoint of an action must add to the same one.
 */
function limitsOf(app: App, set: LimitedSet, action: AuthAction, limits: Limit[]): Check {
  const { refusal } = AUTH_LIMITS[action];
  const whoOf = (per: Limit["per"], request: FastifyRequest, body: unknown) =>
    per === "address" ? rateLimitKey(request.ip) : set.accountOf(body);
  const counters = limits.map((limit: Limit, index) => ({
    limit,
    count: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) =>
        `${set.namespace}:${action}:${index}:${whoOf(limit.per, request, currentCall.getStore()?.body)}`,
    }),
  }));
  return async ({ request, body }) => {
    for (const { limit, count } of counters) {
      // No email in the body: Better Auth refuses the request; the address limit still counts.
      if (whoOf(limit.per, request, body) === undefined) continue;
      const result = await count(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new APIError(
          "TOO_MANY_REQUESTS",
          {
            code: "RATE_LIMITED",
            message: `${refusal} Please try again in ${waitText(result.ttl)}.`,
          },
          { "retry-after": String(result.ttlInSeconds) },
        );
      }
    }
  };
}

/**
 * Better Auth plugin holding each limited endpoint to its limits, keyed on the endpoint Better
 * Auth resolved (`context.path`), never on the URL as sent. It counts once per HTTP request,
 * before the endpoint runs, and notes the endpoint for the proxy (auth-routes.ts); a limited
 * endpoint reached outside an HTTP request is refused. Sign-ins go to the sign-in guard, and
 * an endpoint that signs someone in makes the browser a device their account trusts.
 */
export function endpointLimits(
  app: App,
  set: LimitedSet,
  deps: SignInGuardDeps,
  options: EndpointOptions = {},
) {
  const actions = Object.keys(AUTH_LIMITS) as AuthAction[];
  const checks = new Map<EndpointAction, Check>(
    actions.map((action) => [action, limitsOf(app, set, action, limitsFor(action, options))]),
  );
  const guard = createSignInGuard(set, deps);
  checks.set("signIn", async (call) => {
    const account = set.accountOf(call.body);
    // No account named: Better Auth refuses the request without checking any password.
    if (account !== undefined) call.settle = await guard.claim(call.request, account, call.body);
  });
  return {
    id: "endpoint-limits",
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (context) => {
            const limited = Object.hasOwn(set.endpoints, context.path)
              ? set.endpoints[context.path]
              : undefined;
            const call = currentCall.getStore();
            if (!call) {
              if (limited) throw new APIError("FORBIDDEN", { message: "Not available here." });
              return;
            }
            if (call.endpoint !== undefined) return;
            call.endpoint = context.path;
            if (!limited) return;
            call.body = context.body;
            await checks.get(limited.action)!(call);
          }),
        },
      ],
      after: [
        {
          matcher: (context) => Object.hasOwn(set.endpoints, context.path ?? ""),
          handler: createAuthMiddleware(async (context) => {
            const call = currentCall.getStore();
            const user = context.context.newSession?.user as Record<string, unknown> | undefined;
            if (!call || !user) return;
            // A member with an authenticator is not signed in by the password: the two-factor
            // plugin drops this session and asks for the code, whose answer trusts the device.
            if (user.twoFactorEnabled && set.endpoints[context.path]?.action === "signIn") return;
            const account = set.accountOfUser(user);
            if (account === undefined) return;
            const now = Date.now();
            const device = guard.trust.read(call.request.cookies[guard.trust.cookieName], now);
            const cookie = guard.trust.issue(device, account, now);
            context.setCookie(cookie.name, cookie.value, cookie.options);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
