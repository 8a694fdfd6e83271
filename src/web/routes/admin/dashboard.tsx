import { BarChart3, LifeBuoy, type LucideIcon } from "lucide-react";
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { Navigate, ScrollRestoration, useParams } from "react-router";
import { DASHBOARDS, roleOfDashboard, type StaffRole } from "../../../shared/rules/staff.ts";
import { Toasts } from "../../components/toasts.tsx";
import { AuditPanel } from "../../features/staff/components/audit-panel.tsx";
import { StaffGuard } from "../../features/staff/components/staff-guard.tsx";
import { StaffLayout } from "../../features/staff/components/staff-layout.tsx";
import { EmptyState, Panel, PanelSkeleton } from "../../features/staff/panel.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";

// Each dashboard's panels are their own chunk: a member downloads only their own.
const InventoryDashboard = lazy(async () => ({
  default: (await import("../../features/inventory/inventory-dashboard.tsx")).InventoryDashboard,
}));
const SalesDashboard = lazy(async () => ({
  default: (await import("../../features/sales/sales-dashboard.tsx")).SalesDashboard,
}));

const PANELS: Partial<Record<StaffRole, LazyExoticComponent<ComponentType>>> = {
  inventory: InventoryDashboard,
  sales: SalesDashboard,
};

const DESCRIPTIONS: Record<StaffRole, string> = {
  inventory: "The catalogue, prices, stock levels and product photos, with every stock movement.",
  sales: "Orders as they come in, revenue by day, and each order's way from placed to delivered.",
  "customer-relations":
    "Support tickets, customer feedback and ratings, and bulk-order requests awaiting a quote.",
};

type Planned = { icon: LucideIcon; title: string; items: string[] };

/** What dashboard 3 will hold, said plainly until its panels arrive. */
const PLANNED: Partial<Record<StaffRole, Planned>> = {
  "customer-relations": {
    icon: LifeBuoy,
    title: "Customer relations panels are being prepared",
    items: [
      "Support tickets by status, with replies",
      "Feedback messages and order ratings",
      "Bulk-order requests: quotes, advance payments and cash-on-delivery approval",
    ],
  },
};

function PlannedDashboard({ planned }: { planned: Planned }) {
  return (
    <Panel title="What this dashboard holds" className="lg:col-span-2">
      <EmptyState icon={planned.icon} title={planned.title}>
        <p>Live figures from the store will appear here:</p>
        <ul className="mt-3 space-y-1.5 text-left">
          {planned.items.map((item) => (
            <li key={item} className="flex gap-2">
              <BarChart3 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
              {item}
            </li>
          ))}
        </ul>
      </EmptyState>
    </Panel>
  );
}

function DashboardPanels({ role }: { role: StaffRole }) {
  const planned = PLANNED[role];
  const Panels = PANELS[role];
  if (planned || !Panels) {
    return (
      <div className="grid items-start gap-6 lg:grid-cols-3">
        {planned && <PlannedDashboard planned={planned} />}
        <AuditPanel role={role} />
      </div>
    );
  }
  return (
    <div className="space-y-6">
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
      <ScrollRestoration />
    </>
  );
}
