// The sales manager's pages, for links from the board and the order to the printable sheets.
import { dashboardPath } from "../../../shared/rules/staff.ts";

export const SALES_DASHBOARD_PATH = dashboardPath("sales");
export const PICK_LIST_PATH = `${SALES_DASHBOARD_PATH}/pick-list`;
export const packingSlipPath = (orderNumber: string) =>
  `${SALES_DASHBOARD_PATH}/orders/${encodeURIComponent(orderNumber)}/packing-slip`;
/** Several orders' packing slips on one page, in the order given. */
export const PACKING_SLIPS_PATH = `${SALES_DASHBOARD_PATH}/packing-slips`;
export const packingSlipsPath = (orderNumbers: readonly string[]) =>
  `${PACKING_SLIPS_PATH}?orders=${orderNumbers.map(encodeURIComponent).join(",")}`;
