import type { ReactNode } from "react";
import { roleOfDashboard } from "../../../../shared/rules/staff.ts";
import { Navigate } from "../../../lib/router/index.ts";
import {
  needsEnrolment,
  ownsDashboard,
  type StaffMember,
  useSignedOutOnUnauthorised,
  useStaffSession,
} from "../api/staff-session.ts";
import { OWN_DASHBOARD_TEXT } from "../texts.ts";
import { OwnDashboard } from "./own-dashboard.tsx";
import { StaffEnrolmentPage } from "./staff-enrolment-page.tsx";
import { StaffSessionError, StaffShellSkeleton } from "./staff-layout.tsx";

/**
 * A dashboard's door (spec): without a staff session the browser goes to /admin; a member who
 * opens another member's dashboard is sent to their own, told why. This only decides what to
 * show; the server refuses the dashboard's API to anyone else whatever the page does.
 */
export function StaffGuard({
  dashboardId,
  children,
}: {
  dashboardId: number;
  children: (member: StaffMember) => ReactNode;
}) {
  const session = useStaffSession();
  useSignedOutOnUnauthorised();
  if (session.isPending) return <StaffShellSkeleton />;
  if (session.isError) {
    return <StaffSessionError error={session.error} onRetry={() => void session.refetch()} />;
  }
  const current = session.data;
  if (!current) return <Navigate to="/admin" replace />;
  const asked = roleOfDashboard(dashboardId);
  if (!ownsDashboard(current.member, dashboardId)) {
    return asked ? (
      <OwnDashboard
        member={current.member}
        why={OWN_DASHBOARD_TEXT.notYours(current.member, asked)}
      />
    ) : (
      <Navigate to="/admin" replace />
    );
  }
  if (needsEnrolment(current)) {
    return <StaffEnrolmentPage onEnrolled={async () => void (await session.refetch())} />;
  }
  return children(current.member);
}
