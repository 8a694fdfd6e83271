import { useMutation } from "@tanstack/react-query";
import type { BulkAction, BulkProductResult } from "../../../../shared/contracts/inventory-bulk.ts";
import { api } from "../../../lib/api-client.ts";
import { useRefreshInventory } from "./products.ts";
import { INVENTORY_API } from "./query-keys.ts";

export type BulkRequest = {
  action: BulkAction;
  body: object;
  /** One key per attempt: the same request sent again is answered once, never applied twice. */
  idempotencyKey: string;
};

export const postBulkProducts = ({ action, body, idempotencyKey }: BulkRequest) =>
  api.post<BulkProductResult>(`${INVENTORY_API}/products/bulk/${action}`, body, {
    "idempotency-key": idempotencyKey,
  });

/** A bulk action on the selected products; the table, figures and shop refresh after it. */
export function useBulkProducts() {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: postBulkProducts,
    onSettled: () => refresh(),
  });
}
