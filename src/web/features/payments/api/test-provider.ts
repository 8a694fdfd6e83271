import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PaymentReport } from "../../../../shared/contracts/payments.ts";
import {
  TEST_PROVIDER_API,
  type TestPaymentAnswer,
  type TestProviderOrder,
} from "../../../../shared/contracts/test-provider.ts";
import type { TestPaymentAttempt } from "../../../../shared/rules/test-payments.ts";
import { api } from "../../../lib/api-client.ts";

const orderPath = (providerOrderId: string) =>
  `${TEST_PROVIDER_API}/orders/${encodeURIComponent(providerOrderId)}`;

export const testProviderOrderQuery = (providerOrderId: string) =>
  queryOptions({
    queryKey: ["test-provider-order", providerOrderId],
    queryFn: () => api.get<TestProviderOrder>(orderPath(providerOrderId)),
  });

export const useTestProviderOrder = (providerOrderId: string) =>
  useQuery(testProviderOrderQuery(providerOrderId));

/** Pays with a test instrument: its summary and published outcome, never what was typed. */
export function payTestProviderOrder(
  providerOrderId: string,
  attempt: TestPaymentAttempt,
): Promise<PaymentReport> {
  return api.post<TestPaymentAnswer>(`${orderPath(providerOrderId)}/payments`, attempt);
}
