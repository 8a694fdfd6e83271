import { errorBodySchema } from "../../../shared/contracts/errors.ts";

// What every route of the inventory dashboard's API shares (the catalogue's and the stock's).
export const INVENTORY_BASE = "/api/staff/inventory";
export const inventoryAccess = { staff: "inventory" } as const;
export const inventoryTags = ["staff: inventory"];
export const inventoryErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
