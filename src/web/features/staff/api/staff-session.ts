import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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

/** Staff must enrol an authenticator before anything else when the store asks for one. */
export const needsEnrolment = (session: StaffSession) =>
  session.twoFactorRequired && !session.member.twoFactorEnabled;

export const ownsDashboard = (member: StaffMember, dashboardId: number) =>
  DASHBOARDS[member.role].id === dashboardId;

export const useStaffSignIn = () =>
  useMutation({
    mutationFn: async (input: { username: string; password: string }): Promise<SignInOutcome> => {
      const answer = await api.post<SignInAnswer>("/api/staff/auth/sign-in/username", input);
      return answer?.twoFactorRedirect ? "second-factor" : "signed-in";
    },
  });

/** Checks an authenticator code: the second step of a sign-in, or the end of an enrolment. */
export const useVerifyTotp = () =>
  useMutation({
    mutationFn: (code: string) => api.post("/api/staff/auth/two-factor/verify-totp", { code }),
  });

/** Signs in with one of the backup codes shown at enrolment, each good once. */
export const useVerifyBackupCode = () =>
  useMutation({
    mutationFn: (code: string) =>
      api.post("/api/staff/auth/two-factor/verify-backup-code", { code }),
  });

export const useEnableTwoFactor = () =>
  useMutation({
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
    mutationFn: () => api.post("/api/staff/auth/sign-out", {}),
    // The guard sees no session at once and leaves the dashboard; its data goes at the next
    // sign-in (useLoadStaffSession), once nothing on screen still reads it.
    onSuccess: () => queryClient.setQueryData(staffSessionQuery.queryKey, null),
  });
}
