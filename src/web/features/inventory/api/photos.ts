import { useMutation } from "@tanstack/react-query";
import type { ProductPhotoResult } from "../../../../shared/contracts/inventory.ts";
import { api } from "../../../lib/api-client.ts";
import { productUrl, useRefreshInventory } from "./products.ts";

export function useUploadPhoto(id: string) {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: (file: File) => api.putFile<ProductPhotoResult>(`${productUrl(id)}/photo`, file),
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
