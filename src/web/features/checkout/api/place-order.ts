import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlaceOrderInput } from "../../../../shared/contracts/checkout.ts";
import type { OrderView } from "../../../../shared/contracts/orders.ts";
import type { CheckoutSession } from "../../../../shared/contracts/payments.ts";
import { api } from "../../../lib/api-client.ts";
import { orderQuery } from "../../orders/api/orders.ts";

/** A placed order; one paid online comes with the provider checkout that takes its payment. */
export type PlacedOrder = OrderView & { checkout?: CheckoutSession };

export const placeOrder = ({
  input,
  idempotencyKey,
}: {
  input: PlaceOrderInput;
  idempotencyKey: string;
}) => api.post<PlacedOrder>("/api/orders", input, { "idempotency-key": idempotencyKey });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: ({ checkout: _session, ...order }) => {
      queryClient.setQueryData(orderQuery(order.orderNumber).queryKey, order);
      // Stock changed (or is held): the shop should show it.
      void queryClient.invalidateQueries({ queryKey: ["products"] });
    },
  });
}
