import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { OrderView } from "../../../../shared/contracts/orders.ts";
import type { CheckoutSession, PaymentReport } from "../../../../shared/contracts/payments.ts";
import { api } from "../../../lib/api-client.ts";
import { fetchOrder, orderQuery } from "./orders.ts";

const orderPath = (orderNumber: string, action: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/${action}`;

/** The provider checkout that pays an order awaiting its payment (Try again, Pay now). */
export const fetchOrderCheckout = async (orderNumber: string): Promise<CheckoutSession> =>
  (await api.get<{ checkout: CheckoutSession }>(orderPath(orderNumber, "checkout"))).checkout;

/** How often, and how many times, the order is read again while the provider confirms. */
const CONFIRM_POLL_MS = 2_000;
const CONFIRM_POLLS = 15;

/**
 * The provider's answer, for the store to verify: the paid order comes back. A payment the
 * provider has authorised but not yet said it took (the store answers 202, the order still
 * awaiting payment) is confirmed by its webhook: the order is read again for a while, and the
 * page keeps "Processing..." until it is paid (or the order page takes over the waiting).
 */
export async function reportOrderPayment(orderNumber: string, proof: PaymentReport) {
  let order = await api.post<OrderView>(orderPath(orderNumber, "payment"), proof);
  for (let poll = 0; poll < CONFIRM_POLLS && order.status === "awaiting_payment"; poll++) {
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS));
    order = await fetchOrder(orderNumber);
  }
  return order;
}

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
      report: async (orderNumber: string, proof: PaymentReport) =>
        keep(await reportOrderPayment(orderNumber, proof)),
      payOnDelivery: async (orderNumber: string) => keep(await payOrderOnDelivery(orderNumber)),
      /** Reads the order again (its payment may have arrived by the provider's webhook). */
      refresh: (orderNumber: string) =>
        queryClient.invalidateQueries({ queryKey: orderQuery(orderNumber).queryKey }),
    };
  }, [queryClient]);
}
