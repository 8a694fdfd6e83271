import { PACKING_SLIPS_MAX, slipOrdersOf } from "../../../shared/contracts/sales-bulk.ts";
import { DASHBOARDS, type StaffRole } from "../../../shared/rules/staff.ts";
import { Toasts } from "../../components/toasts.tsx";
import { PackingSlipDocument } from "../../features/sales/components/packing-slip-document.tsx";
import {
  PRINT_WITHOUT_STAFF_CHROME,
  PrintSheet,
} from "../../features/sales/components/print-sheet.tsx";
import { SALES_TEXT } from "../../features/sales/texts.ts";
import { StaffGuard } from "../../features/staff/components/staff-guard.tsx";
import { StaffLayout } from "../../features/staff/components/staff-layout.tsx";
import { useSearchParams } from "../../lib/router/index.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";

const ROLE: StaffRole = "sales";
const text = SALES_TEXT.bulk;

/**
 * `/admin/dashboard/2/packing-slips?orders=FHH-1,FHH-2`: the packing slips of the orders the
 * manager selected on the board, each its own slip as printed alone, one to a sheet of paper.
 */
export default function SalesPackingSlipsPage() {
  const [params] = useSearchParams();
  const { orders, more } = slipOrdersOf(params.get("orders"));
  usePageTitle(text.slipsTitle(orders.length));
  return (
    <>
      <StaffGuard dashboardId={DASHBOARDS.sales.id}>
        {(member) => (
          <div className={PRINT_WITHOUT_STAFF_CHROME}>
            <StaffLayout member={member} role={ROLE} description={text.slipsDescription}>
              <PrintSheet>
                {more && (
                  <p role="note" className="mb-4 font-semibold print:hidden">
                    {text.slipsMore(PACKING_SLIPS_MAX)}
                  </p>
                )}
                {orders.length === 0 ? (
                  <p className="py-10 text-center font-semibold">{text.slipsNone}</p>
                ) : (
                  orders.map((orderNumber, index) => (
                    <div
                      key={orderNumber}
                      data-testid="packing-slip"
                      className={
                        index > 0
                          ? "mt-10 border-t-2 border-dashed border-cream-200 pt-10 print:mt-0 print:border-0 print:pt-0 print:break-before-page"
                          : undefined
                      }
                    >
                      <PackingSlipDocument orderNumber={orderNumber} />
                    </div>
                  ))
                )}
              </PrintSheet>
            </StaffLayout>
          </div>
        )}
      </StaffGuard>
      <Toasts />
    </>
  );
}
