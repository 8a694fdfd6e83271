// The sales manager's pages, for links from the board and the order to the printable sheets.
import { dashboardPath } from "../../../shared/rules/staff.ts";

export const SALES_DASHBOARD_PATH = dashboardPath("sales");
export const PICK_LIST_PATH = `${SALES_DASHBOARD_PATH}/pick-list`;
export const packingSlipPath = (orderNumber: string) =>
  `${SALES_DASHBOARD_PATH}/orders/${encodeURIComponent(orderNumber)}/packing-slip`;
