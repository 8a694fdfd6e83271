import { useQuery } from "@tanstack/react-query";
import type { UsualProducts } from "../../../../shared/contracts/buy-again.ts";
import { USUAL_PRODUCTS_PATH } from "../../../../shared/contracts/buy-again-paths.ts";
import { api } from "../../../lib/api-client.ts";

/** The signed-in customer's usual products; not asked for a visitor. */
export const useUsualProducts = (signedIn: boolean) =>
  useQuery({
    queryKey: ["usual-products"],
    queryFn: () => api.get<UsualProducts>(USUAL_PRODUCTS_PATH),
    enabled: signedIn,
    staleTime: 60_000,
  });
