import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SignInProvider } from "../../../../shared/contracts/site.ts";
import { api } from "../../../lib/api-client.ts";

/** The signed-in customer, as the server's session says. */
export type Customer = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  /** +91 and ten digits, from My account; checkout offers it. */
  mobile?: string | null;
  /** The storefront language the customer chose last; null until they chose one. */
  locale?: string | null;
};
type SessionAnswer = { user: Customer } | null;
/** The pages an outside sign-in starts from, and comes back to when it fails. */
export type AuthPage = "login" | "signup";

export const sessionQuery = queryOptions({
  queryKey: ["session"],
  queryFn: async () => (await api.get<SessionAnswer>("/api/auth/get-session"))?.user ?? null,
  staleTime: 60_000,
});

/** `data` is the customer, null when signed out, undefined while the server has not answered. */
export const useCustomer = () => useQuery(sessionQuery);

function useSessionChange<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Whatever was loaded for the previous customer (their orders) must not show for the next.
    onSuccess: () => queryClient.clear(),
  });
}

export const useLogIn = () =>
  useSessionChange((input: { email: string; password: string }) =>
    api.post("/api/auth/sign-in/email", input),
  );

export const useSignUp = () =>
  useSessionChange((input: { name: string; email: string; password: string }) =>
    api.post("/api/auth/sign-up/email", input),
  );

export const useLogOut = () => useSessionChange(() => api.post("/api/auth/sign-out", {}));

/**
 * Starts a sign-in with an outside account and answers the provider's address, for the page to
 * go to. The provider sends the browser back to the store: home when signed in, otherwise to
 * the page it started from with `?provider=...&error=...`.
 */
export const useStartOutsideSignIn = () =>
  useMutation({
    mutationFn: async ({ provider, from }: { provider: SignInProvider["id"]; from: AuthPage }) => {
      const answer = await api.post<{ url: string }>("/api/auth/sign-in/social", {
        provider,
        callbackURL: "/",
        newUserCallbackURL: "/",
        errorCallbackURL: `/${from}?provider=${provider}`,
        disableRedirect: true,
      });
      return answer.url;
    },
  });
