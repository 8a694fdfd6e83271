import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { SiteSettings } from "../../../../shared/contracts/site.ts";
import type { StaffMe, StaffMemberView } from "../../../../shared/contracts/staff.ts";
import { DASHBOARDS } from "../../../../shared/rules/staff.ts";
import { ApiError, api } from "../../../lib/api-client.ts";

/** The signed-in staff member, as `GET /api/staff/me` tells it. */
export type StaffMember = StaffMemberView;
export type StaffSession = StaffMe;

/** Better Auth's answer to a sign-in: a session, or a request for the second factor first. */
type SignInAnswer = { twoFactorRedirect?: boolean } | null;
export type SignInOutcome = "signed-in" | "second-factor";

/** One demo account as `/api/site` lists it in demo mode. */
export type StaffHint = NonNullable<SiteSettings["staffHint"]>[number];

export type TwoFactorEnrolment = { totpURI: string; backupCodes: string[] };

const STAFF_KEY = ["staff"] as const;
/** Marks the sign-in steps' calls, whose 401 means a wrong password or code. */
const SIGN_IN_STEP = "staffSignInStep";
const signInStep = { meta: { [SIGN_IN_STEP]: true } };

export const staffSessionQuery = queryOptions({
  queryKey: [...STAFF_KEY, "me"],
  // No staff session is an answer, not a failure: the guard sends the browser to /admin.
  queryFn: async (): Promise<StaffSession | null> => {
    try {
      return await api.get<StaffSession>("/api/staff/me");
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 0,
  retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
});

/** `data` is the session, null with none, undefined while the server has not answered. */
export const useStaffSession = () => useQuery(staffSessionQuery);

/**
 * The session as /admin asks for it of everyone who opens it: Better Auth's own session read
 * answers "none" without a 401 in the console, and only a browser that has one asks who it is.
 */
const signInPageSessionQuery = queryOptions({
  queryKey: [...STAFF_KEY, "at-sign-in"],
  queryFn: async (): Promise<StaffSession | null> => {
    const session = await api.get<unknown>("/api/staff/auth/get-session");
    return session ? api.get<StaffSession>("/api/staff/me") : null;
  },
  staleTime: 0,
  // Asked afresh each time the page opens: a session read before a sign-out must not bounce the
  // browser back to the dashboard it just left.
  gcTime: 0,
  retry: false,
});

export const useSignInPageSession = () => useQuery(signInPageSessionQuery);

/**
 * A staff session ends on the server (30 idle minutes, 12 hours, a sign-out elsewhere) while a
 * dashboard is open: the first 401 any of its calls meets counts as signed out, so the guard
 * sends the browser to /admin instead of showing panels that can only fail.
 */
export function useSignedOutOnUnauthorised() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const signedOut = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        queryClient.setQueryData(staffSessionQuery.queryKey, null);
      }
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") signedOut(event.action.error);
    });
    // A wrong password or code at the sign-in steps is a 401 too, and no sign-out.
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "error") return;
      if (!event.mutation.options.meta?.[SIGN_IN_STEP]) signedOut(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}

/** Staff must enrol an authenticator before anything else when the store asks for one. */
export const needsEnrolment = (session: StaffSession) =>
  session.twoFactorRequired && !session.member.twoFactorEnabled;

export const ownsDashboard = (member: StaffMember, dashboardId: number) =>
  DASHBOARDS[member.role].id === dashboardId;

export const useStaffSignIn = () =>
  useMutation({
    ...signInStep,
    mutationFn: async (input: { username: string; password: string }): Promise<SignInOutcome> => {
      const answer = await api.post<SignInAnswer>("/api/staff/auth/sign-in/username", input);
      return answer?.twoFactorRedirect ? "second-factor" : "signed-in";
    },
  });

/** Checks an authenticator code: the second step of a sign-in, or the end of an enrolment. */
export const useVerifyTotp = () =>
  useMutation({
    ...signInStep,
    mutationFn: (code: string) => api.post("/api/staff/auth/two-factor/verify-totp", { code }),
  });

/** Signs in with one of the backup codes shown at enrolment, each good once. */
export const useVerifyBackupCode = () =>
  useMutation({
    ...signInStep,
    mutationFn: (code: string) =>
      api.post("/api/staff/auth/two-factor/verify-backup-code", { code }),
  });

export const useEnableTwoFactor = () =>
  useMutation({
    ...signInStep,
    mutationFn: (password: string) =>
      api.post<TwoFactorEnrolment>("/api/staff/auth/two-factor/enable", { password }),
  });

/**
 * Reads the session the server just made, so the dashboard starts from it. Whatever was loaded
 * under a previous session on this browser is dropped first: one member never sees another's.
 */
export function useLoadStaffSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      queryClient.clear();
      return queryClient.fetchQuery(staffSessionQuery);
    },
  });
}

export function useStaffSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    // A session the server already ended is as signed out as can be.
    mutationFn: async () => {
      try {
        await api.post("/api/staff/auth/sign-out", {});
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    },
    // The guard sees no session at once and leaves the dashboard; its data goes at the next
    // sign-in (useLoadStaffSession), once nothing on screen still reads it.
    onSuccess: () => {
      queryClient.setQueryData(staffSessionQuery.queryKey, null);
      queryClient.removeQueries({ queryKey: signInPageSessionQuery.queryKey });
    },
  });
}
