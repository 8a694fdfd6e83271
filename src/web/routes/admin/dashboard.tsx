import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { DASHBOARDS, roleOfDashboard, type StaffRole } from "../../../shared/rules/staff.ts";
import { Toasts } from "../../components/toasts.tsx";
import { StaffAlertsBar } from "../../features/staff/alerts/staff-alerts-bar.tsx";
import { AuditPanel } from "../../features/staff/components/audit-panel.tsx";
import { SignInWarnings } from "../../features/staff/components/sign-in-warnings.tsx";
import { StaffGuard } from "../../features/staff/components/staff-guard.tsx";
import { StaffLayout } from "../../features/staff/components/staff-layout.tsx";
import { Panel, PanelSkeleton } from "../../features/staff/ui/panel.tsx";
import { Navigate, useParams } from "../../lib/router/index.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";

// Each dashboard's panels are their own chunk: a member downloads only their own.
const InventoryDashboard = lazy(async () => ({
  default: (await import("../../features/inventory/inventory-dashboard.tsx")).InventoryDashboard,
}));
const SalesDashboard = lazy(async () => ({
  default: (await import("../../features/sales/sales-dashboard.tsx")).SalesDashboard,
}));

const CustomerRelationsDashboard = lazy(async () => ({
  default: (await import("../../features/customer-relations/customer-relations-dashboard.tsx"))
    .CustomerRelationsDashboard,
}));

const PANELS: Record<StaffRole, LazyExoticComponent<ComponentType>> = {
  inventory: InventoryDashboard,
  sales: SalesDashboard,
  "customer-relations": CustomerRelationsDashboard,
};

const DESCRIPTIONS: Record<StaffRole, string> = {
  inventory: "The catalogue, prices, stock levels and product photos, with every stock movement.",
  sales: "Orders as they come in, revenue by day, and each order's way from placed to delivered.",
  "customer-relations":
    "Support tickets, customer feedback and ratings, and bulk-order requests awaiting a quote.",
};

function DashboardPanels({ role }: { role: StaffRole }) {
  const Panels = PANELS[role];
  return (
    <div className="space-y-6">
      <StaffAlertsBar dashboard={role} />
      <SignInWarnings />
      <Suspense
        fallback={
          <Panel title="Loading your dashboard">
            <PanelSkeleton label="Loading your dashboard" />
          </Panel>
        }
      >
        <Panels />
      </Suspense>
      <AuditPanel role={role} />
    </div>
  );
}

function Dashboard({ dashboardId, role }: { dashboardId: number; role: StaffRole }) {
  usePageTitle(`${DASHBOARDS[role].title} dashboard`);
  return (
    <StaffGuard dashboardId={dashboardId}>
      {(member) => (
        <StaffLayout member={member} role={role} description={DESCRIPTIONS[role]}>
          <DashboardPanels role={role} />
        </StaffLayout>
      )}
    </StaffGuard>
  );
}

/** `/admin/dashboard/{id}`: an unknown id, like a missing session, goes to /admin (spec). */
export default function AdminDashboardPage() {
  const { id = "" } = useParams();
  const dashboardId = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  const role = roleOfDashboard(dashboardId);
  return (
    <>
      {role ? (
        <Dashboard dashboardId={dashboardId} role={role} />
      ) : (
        <Navigate to="/admin" replace />
      )}
      <Toasts />
    </>
  );
}
