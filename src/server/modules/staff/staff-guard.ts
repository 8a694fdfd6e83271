import type { FastifyRequest, onRequestHookHandler } from "fastify";
import { STAFF_ROLES, type StaffRole } from "../../../shared/rules/staff.ts";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import type { CustomerOf } from "../auth/index.ts";

export type StaffMember = {
  id: string;
  name: string;
  username: string;
  role: StaffRole;
  dashboard: number;
  twoFactorEnabled: boolean;
};

/**
 * Who may call a route under /api/staff/: one dashboard's member, any signed-in member (their
 * own profile, the event stream), or anyone (the sign-in itself). `beforeTwoFactor` lets a
 * member who has not yet enrolled an authenticator reach the enrolment.
 */
export type StaffAccess =
  | StaffRole
  | "any-member"
  | "public"
  | { member: "any-member"; beforeTwoFactor: true };

declare module "fastify" {
  interface FastifyContextConfig {
    staff?: StaffAccess;
  }
}

const STAFF_PREFIX = "/api/staff";
const members = new WeakMap<FastifyRequest, StaffMember>();

/** The member the guard let through; only for routes it guards. */
export function staffMemberOf(request: FastifyRequest): StaffMember {
  const member = members.get(request);
  if (!member) throw new Error("staffMemberOf called on a route the staff guard does not guard");
  return member;
}

export type StaffOf = (request: FastifyRequest) => Promise<StaffMember | null>;

type GuardDeps = {
  staffOf: StaffOf;
  customerOf: CustomerOf;
  /** With demo mode off a member must enrol a TOTP second factor before anything else. */
  twoFactorRequired: boolean;
};

const TWO_FACTOR_FIRST = "Set up your authenticator app to continue.";

function guardFor(access: Exclude<StaffAccess, "public">, deps: GuardDeps): onRequestHookHandler {
  const role = typeof access === "string" && access !== "any-member" ? access : undefined;
  const beforeTwoFactor = typeof access === "object" && access.beforeTwoFactor;
  return async (request) => {
    const member = await deps.staffOf(request);
    if (!member) {
      if (await deps.customerOf(request)) {
        throw new AppError("FORBIDDEN", "This page is for the shop's staff.");
      }
      throw new AppError("UNAUTHORIZED", "Please sign in as staff.");
    }
    if (role && member.role !== role) {
      throw new AppError("FORBIDDEN", "This belongs to another staff member's dashboard.");
    }
    if (deps.twoFactorRequired && !member.twoFactorEnabled && !beforeTwoFactor) {
      throw new AppError("FORBIDDEN", TWO_FACTOR_FIRST);
    }
    members.set(request, member);
  };
}

function isStaffPath(url: string): boolean {
  return url === STAFF_PREFIX || url.startsWith(`${STAFF_PREFIX}/`);
}

/**
 * Deny by default: every route under /api/staff/ must say who may call it (`config.staff`), or
 * the app refuses to start. The guard is the route's first onRequest hook, so it runs before the
 * body is read or parsed and before any handler or query.
 * Register before any staff route.
 */
export function registerStaffGuard(app: App, deps: GuardDeps): void {
  app.addHook("onRoute", (route) => {
    if (!isStaffPath(route.url)) return;
    const access = route.config?.staff;
    if (access === undefined) {
      throw new Error(
        `${route.method} ${route.url} is a staff route without a declared dashboard (config.staff)`,
      );
    }
    // `/api/staff/<dashboard>/...` belongs to that dashboard and no other.
    const segment = route.url.slice(STAFF_PREFIX.length + 1).split("/")[0];
    const pathRole = STAFF_ROLES.find((role) => role === segment);
    if (pathRole && access !== pathRole) {
      throw new Error(
        `${route.method} ${route.url} is under ${pathRole}'s API but declares ${JSON.stringify(access)}`,
      );
    }
    if (access === "public") return;
    const guard = guardFor(access, deps);
    const existing = route.onRequest;
    route.onRequest = [guard, ...(existing ? [existing].flat() : [])];
  });
}
