import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { OrderView } from "../../../../shared/contracts/orders.ts";
import type { CheckoutSession, PaymentProofInput } from "../../../../shared/contracts/payments.ts";
import { api } from "../../../lib/api-client.ts";
import { orderQuery } from "./orders.ts";

const orderPath = (orderNumber: string, action: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/${action}`;

/** The provider checkout that pays an order awaiting its payment (Try again, Pay now). */
export const fetchOrderCheckout = async (orderNumber: string): Promise<CheckoutSession> =>
  (await api.get<{ checkout: CheckoutSession }>(orderPath(orderNumber, "checkout"))).checkout;

/** The provider's answer, for the store to verify: the paid order comes back. */
export const reportOrderPayment = (orderNumber: string, proof: PaymentProofInput) =>
  api.post<OrderView>(orderPath(orderNumber, "payment"), proof);

/** Gives up paying online: the order is paid in cash on delivery instead. */
export const payOrderOnDelivery = (orderNumber: string) =>
  api.post<OrderView>(orderPath(orderNumber, "pay-on-delivery"), undefined);

/** The three calls, each keeping the order's cached view up to date with the server's answer. */
export function useOrderPayment() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const keep = (order: OrderView) => {
      queryClient.setQueryData(orderQuery(order.orderNumber).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: ["my-orders"] });
      return order;
    };
    return {
      session: fetchOrderCheckout,
      report: async (orderNumber: string, proof: PaymentProofInput) =>
        keep(await reportOrderPayment(orderNumber, proof)),
      payOnDelivery: async (orderNumber: string) => keep(await payOrderOnDelivery(orderNumber)),
      /** Reads the order again (its payment may have arrived by the provider's webhook). */
      refresh: (orderNumber: string) =>
        queryClient.invalidateQueries({ queryKey: orderQuery(orderNumber).queryKey }),
    };
  }, [queryClient]);
}
