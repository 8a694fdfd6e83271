import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  SAVED_ADDRESSES_PATH,
  type SavedAddresses,
  type SavedAddressInput,
} from "../../../../shared/contracts/saved-addresses.ts";
import { api } from "../../../lib/api-client.ts";

const savedAddressesKey = ["saved-addresses"] as const;

/** The signed-in customer's saved addresses, default first; not asked for a visitor. */
export const useSavedAddresses = (signedIn = true) =>
  useQuery({
    queryKey: savedAddressesKey,
    queryFn: () => api.get<SavedAddresses>(SAVED_ADDRESSES_PATH),
    enabled: signedIn,
    staleTime: 60_000,
  });

/** Every change answers the whole list, which replaces the one shown. */
function useAddressChange<Input>(call: (input: Input) => Promise<SavedAddresses>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(savedAddressesKey, answer),
  });
}

const one = (id: number) => `${SAVED_ADDRESSES_PATH}/${id}`;

export const useAddAddress = () =>
  useAddressChange((input: SavedAddressInput) =>
    api.post<SavedAddresses>(SAVED_ADDRESSES_PATH, input),
  );

export const useEditAddress = () =>
  useAddressChange(({ id, input }: { id: number; input: SavedAddressInput }) =>
    api.put<SavedAddresses>(one(id), input),
  );

export const useMakeDefaultAddress = () =>
  useAddressChange((id: number) => api.post<SavedAddresses>(`${one(id)}/default`, {}));

export const useDeleteAddress = () =>
  useAddressChange((id: number) => api.delete<SavedAddresses>(one(id)));

/** After checkout saved an address, the list is read again when next shown. */
export function useForgetSavedAddresses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: savedAddressesKey });
}
