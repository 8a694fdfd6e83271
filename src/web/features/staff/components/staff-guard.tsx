import type { ReactNode } from "react";
import { Navigate } from "../../../lib/router/index.ts";
import {
  needsEnrolment,
  ownsDashboard,
  type StaffMember,
  useSignedOutOnUnauthorised,
  useStaffSession,
} from "../api/staff-session.ts";
import { StaffEnrolmentPage } from "./staff-enrolment-page.tsx";
import { StaffSessionError, StaffShellSkeleton } from "./staff-layout.tsx";

/**
 * A dashboard's door (spec): without a staff session, or for another member's dashboard, the
 * browser goes to /admin. This only decides what to show; the server refuses the dashboard's
 * API to anyone else whatever the page does.
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
  if (!current || !ownsDashboard(current.member, dashboardId)) {
    return <Navigate to="/admin" replace />;
  }
  if (needsEnrolment(current)) {
    return <StaffEnrolmentPage onEnrolled={async () => void (await session.refetch())} />;
  }
  return children(current.member);
}
