import { useMutation } from "@tanstack/react-query";
import type { ProductPhotoResult } from "../../../../shared/contracts/inventory.ts";
import { api } from "../../../lib/api-client.ts";
import { productUrl, useRefreshInventory } from "./products.ts";

/** The product's id goes with the file: a product just added has no id until its save answers. */
export function useUploadPhoto() {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      api.putFile<ProductPhotoResult>(`${productUrl(id)}/photo`, file),
    onSuccess: (result) => refresh(result.product),
  });
}

export function useRemovePhoto(id: string) {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: () => api.delete<ProductPhotoResult>(`${productUrl(id)}/photo`),
    onSuccess: (result) => refresh(result.product),
  });
}
