import { DASHBOARDS, type StaffRole } from "../../../shared/rules/staff.ts";
import { Toasts } from "../../components/toasts.tsx";
import { PickListDocument } from "../../features/sales/components/pick-list-document.tsx";
import {
  PRINT_WITHOUT_STAFF_CHROME,
  PrintSheet,
} from "../../features/sales/components/print-sheet.tsx";
import { SALES_TEXT } from "../../features/sales/texts.ts";
import { StaffGuard } from "../../features/staff/components/staff-guard.tsx";
import { StaffLayout } from "../../features/staff/components/staff-layout.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";

const ROLE: StaffRole = "sales";

/** `/admin/dashboard/2/pick-list`: the sales manager's printable pick list. */
export default function SalesPickListPage() {
  usePageTitle(SALES_TEXT.print.pickListTitle);
  return (
    <>
      <StaffGuard dashboardId={DASHBOARDS.sales.id}>
        {(member) => (
          <div className={PRINT_WITHOUT_STAFF_CHROME}>
            <StaffLayout
              member={member}
              role={ROLE}
              description={SALES_TEXT.print.pickListDescription}
            >
              <PrintSheet>
                <PickListDocument />
              </PrintSheet>
            </StaffLayout>
          </div>
        )}
      </StaffGuard>
      <Toasts />
    </>
  );
}
