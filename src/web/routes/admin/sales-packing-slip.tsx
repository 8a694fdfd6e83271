import { ORDER_NUMBER_PATTERN } from "../../../shared/rules/order-number.ts";
import { DASHBOARDS, type StaffRole } from "../../../shared/rules/staff.ts";
import { Toasts } from "../../components/toasts.tsx";
import { PackingSlipDocument } from "../../features/sales/components/packing-slip-document.tsx";
import {
  PRINT_WITHOUT_STAFF_CHROME,
  PrintSheet,
} from "../../features/sales/components/print-sheet.tsx";
import { SALES_DASHBOARD_PATH } from "../../features/sales/paths.ts";
import { SALES_TEXT } from "../../features/sales/texts.ts";
import { StaffGuard } from "../../features/staff/components/staff-guard.tsx";
import { StaffLayout } from "../../features/staff/components/staff-layout.tsx";
import { Navigate, useParams } from "../../lib/router/index.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";

const ROLE: StaffRole = "sales";

/** `/admin/dashboard/2/orders/:orderNumber/packing-slip`: one order's printable packing slip. */
export default function SalesPackingSlipPage() {
  const { orderNumber = "" } = useParams();
  const valid = ORDER_NUMBER_PATTERN.test(orderNumber);
  usePageTitle(SALES_TEXT.print.slipTitle(orderNumber));
  return (
    <>
      <StaffGuard dashboardId={DASHBOARDS.sales.id}>
        {(member) =>
          valid ? (
            <div className={PRINT_WITHOUT_STAFF_CHROME}>
              <StaffLayout
                member={member}
                role={ROLE}
                description={SALES_TEXT.print.slipDescription}
              >
                <PrintSheet>
                  <PackingSlipDocument orderNumber={orderNumber} />
                </PrintSheet>
              </StaffLayout>
            </div>
          ) : (
            <Navigate to={SALES_DASHBOARD_PATH} replace />
          )
        }
      </StaffGuard>
      <Toasts />
    </>
  );
}
