import { useQuery } from "@tanstack/react-query";
import {
  SIGN_IN_WARNINGS_PATH,
  type SignInWarnings,
} from "../../../../shared/contracts/sign-in-warnings.ts";
import { api } from "../../../lib/api-client.ts";

export const signInWarningsQueryKey = ["staff", "sign-in-warnings"] as const;

/** Staff accounts with repeated failed sign-ins in the last day, newest first. */
export const useSignInWarnings = () =>
  useQuery({
    queryKey: signInWarningsQueryKey,
    queryFn: () => api.get<SignInWarnings>(SIGN_IN_WARNINGS_PATH),
  });
