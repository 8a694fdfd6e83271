import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  ACCOUNT_API,
  type AccountSession,
  type Profile,
  type ProfileInput,
} from "../../../../shared/contracts/account.ts";
import { api } from "../../../lib/api-client.ts";
import { sessionQuery } from "./session.ts";

export const profileQuery = queryOptions({
  queryKey: ["account", "profile"],
  queryFn: () => api.get<Profile>(ACCOUNT_API.profile),
});
// Asked only while signed in: logging out clears the cache under the still-open page, which
// would otherwise ask again and be refused.
const useSignedIn = () => Boolean(useQuery(sessionQuery).data);
export const useProfile = () => useQuery({ ...profileQuery, enabled: useSignedIn() });

const sessionsQuery = queryOptions({
  queryKey: ["account", "sessions"],
  queryFn: () => api.get<{ sessions: AccountSession[] }>(ACCOUNT_API.sessions),
});
export const useAccountSessions = () => useQuery({ ...sessionsQuery, enabled: useSignedIn() });

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.put<Profile>(ACCOUNT_API.profile, input),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      // The header's initials and greeting come from the session.
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}

/** A first password, for an account made with Google or OIDC; the others are signed out. */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newPassword: string) => api.post<null>(ACCOUNT_API.setPassword, { newPassword }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
    },
  });
}

/** Sends a code to the new address, the current password proving the owner asks. */
export const useRequestEmailChange = () =>
  useMutation({
    mutationFn: (input: { newEmail: string; currentPassword?: string }) =>
      api.post<unknown>(ACCOUNT_API.requestEmailChange, input),
  });

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { newEmail: string; otp: string }) =>
      api.post<unknown>(ACCOUNT_API.changeEmail, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api.post<unknown>(ACCOUNT_API.changePassword, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | "others") =>
      id === "others"
        ? api.post<null>(ACCOUNT_API.signOutOthers, {})
        : api.delete<null>(ACCOUNT_API.session(id)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
