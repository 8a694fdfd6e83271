import { createHash } from "node:crypto";
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyReply, FastifyRequest } from "fastify";
import { RESEND_SECONDS } from "../../../shared/rules/account-forms.ts";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Counted per client address, or per account: the email address the request names. */
type Limit = { per: "address" | "account"; max: number; windowMs: number };
type Action = { refusal: string; limits: Limit[] };

/**
 * Every limit on the account endpoints, in the order they are checked; a request counts against
 * each limit up to the first that refuses it. Per account, so guessing one account's password
 * or code from many addresses gets nowhere; per address, so one client cannot try account after
 * account. Each is a fixed window: once it ends the owner gets back in, however long an attack
 * goes on. Every attempt counts, right or wrong, so parallel guesses cannot slip through before
 * a failure is recorded. Per-address numbers leave room for a household, an office or a mobile
 * network's shared address.
 */
export const AUTH_LIMITS = {
  signIn: {
    refusal: "Too many sign-in attempts.",
    limits: [
      // 10 guesses a quarter-hour is under 1,000 a day: a password off no list will not fall.
      { per: "account", max: 10, windowMs: 15 * MINUTE },
      { per: "address", max: 30, windowMs: 15 * MINUTE },
    ],
  },
  signUp: {
    refusal: "Too many sign-up attempts.",
    limits: [
      // Signing the same address up again only tells whether it has an account.
      { per: "account", max: 5, windowMs: HOUR },
      { per: "address", max: 20, windowMs: HOUR },
    ],
  },
  codeRequest: {
    refusal: "Too many requests for a code.",
    limits: [
      // One code per address every 30 s, as the pages' countdown says.
      { per: "account", max: 1, windowMs: RESEND_SECONDS * 1000 },
      // Nobody's inbox can be flooded with codes they did not ask for.
      { per: "account", max: 5, windowMs: HOUR },
      { per: "address", max: 20, windowMs: HOUR },
    ],
  },
  codeCheck: {
    refusal: "Too many code attempts.",
    limits: [
      // Each code takes 5 wrong tries (CODE_ATTEMPTS); this caps the tries across new codes.
      { per: "account", max: 15, windowMs: HOUR },
      { per: "address", max: 60, windowMs: HOUR },
    ],
  },
} satisfies Record<string, Action>;

export type AuthAction = keyof typeof AUTH_LIMITS;

/**
 * The account a request names, hashed: the counters need to tell accounts apart, not to keep a
 * list of the addresses people typed.
 */
function accountOf(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== "string" || !email.trim()) return undefined;
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
}

const whoOf = (per: Limit["per"], request: FastifyRequest) =>
  per === "address" ? normalizeIP(request.ip) : accountOf(request);

/** "3 minutes", "1 second": how long until a refused request may try again. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const [count, unit] = seconds < 60 ? [seconds, "second"] : [Math.ceil(seconds / 60), "minute"];
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A preHandler (the body names the account, so it runs once the body is parsed) counting an
 * action's limits in the app's rate-limit store: the database when several instances share it.
 */
function limitsOf(app: App, action: AuthAction): PreHandler {
  const { refusal, limits } = AUTH_LIMITS[action];
  const counters = limits.map((limit: Limit, index) => ({
    limit,
    count: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `auth:${action}:${index}:${whoOf(limit.per, request)}`,
    }),
  }));
  return async (request, reply) => {
    for (const { limit, count } of counters) {
      // No email in the body: Better Auth refuses the request; the address limit still counts.
      if (whoOf(limit.per, request) === undefined) continue;
      const result = await count(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header("retry-after", result.ttlInSeconds);
        throw new AppError(
          "RATE_LIMITED",
          `${refusal} Please try again in ${waitText(result.ttl)}.`,
        );
      }
    }
  };
}

/**
 * One preHandler per action, made once: the in-memory store keeps a separate count for each
 * limiter, and every endpoint of an action must add to the same one.
 */
export function authLimits(app: App): Record<AuthAction, PreHandler> {
  const actions = Object.keys(AUTH_LIMITS) as AuthAction[];
  return Object.fromEntries(actions.map((action) => [action, limitsOf(app, action)])) as Record<
    AuthAction,
    PreHandler
  >;
}
