import { useMutation } from "@tanstack/react-query";
import type { CsvImportPreview, CsvImportResult } from "../../../../shared/contracts/inventory.ts";
import { api } from "../../../lib/api-client.ts";
import { useRefreshInventory } from "./products.ts";
import { INVENTORY_API } from "./query-keys.ts";

/** A plain link: the browser downloads the file with the staff session's cookie. */
export const CATALOGUE_EXPORT_URL = `${INVENTORY_API}/export.csv`;

export function usePreviewImport() {
  return useMutation({
    mutationFn: (csv: string) =>
      api.post<CsvImportPreview>(`${INVENTORY_API}/import/preview`, { csv }),
  });
}

export function useApplyImport() {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: (request: { csv: string; token: string; confirmLargePriceChanges: boolean }) =>
      api.post<CsvImportResult>(`${INVENTORY_API}/import/apply`, request),
    onSuccess: () => refresh(),
  });
}
