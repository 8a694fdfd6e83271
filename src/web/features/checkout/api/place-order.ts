import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlaceOrderInput } from "../../../../shared/contracts/checkout.ts";
import type { OrderView } from "../../../../shared/contracts/orders.ts";
import { api } from "../../../lib/api-client.ts";
import { orderQuery } from "../../orders/api/orders.ts";

export const placeOrder = ({
  input,
  idempotencyKey,
}: {
  input: PlaceOrderInput;
  idempotencyKey: string;
}) => api.post<OrderView>("/api/orders", input, { "idempotency-key": idempotencyKey });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQuery(order.orderNumber).queryKey, order);
      // Stock changed: the shop should show it.
      void queryClient.invalidateQueries({ queryKey: ["products"] });
    },
  });
}
