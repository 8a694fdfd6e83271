import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  ACCOUNT_DELETION_API,
  type AccountDeletion,
} from "../../../../shared/contracts/account-deletion.ts";
import { api } from "../../../lib/api-client.ts";

/** Emails the account's owner a code that confirms the deletion instead of the password. */
export const useRequestDeletionCode = () =>
  useMutation({ mutationFn: () => api.post<null>(ACCOUNT_DELETION_API.code, {}) });

/**
 * Deletes the account. The server has ended every session; whatever was loaded for the
 * customer (their session, orders, addresses) goes from the page too, as at logging out.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: AccountDeletion) => api.post<null>(ACCOUNT_DELETION_API.delete, proof),
    onSuccess: () => queryClient.clear(),
  });
}
