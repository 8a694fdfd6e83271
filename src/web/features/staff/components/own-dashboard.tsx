import { useEffect } from "react";
import { dashboardPath } from "../../../../shared/rules/staff.ts";
import { toast } from "../../../components/toasts.tsx";
import { Navigate } from "../../../lib/router/index.ts";
import type { StaffMember } from "../api/staff-session.ts";

/**
 * Sends a signed-in member to their own dashboard with a word about why, instead of a sign-in
 * form they do not need or a dashboard that is not theirs.
 */
export function OwnDashboard({ member, why }: { member: StaffMember; why: string }) {
  useEffect(() => {
    // One word however often this mounts (a strict-mode double effect, a second redirect).
    toast.info(why, { id: "own-dashboard" });
  }, [why]);
  return <Navigate to={dashboardPath(member.role)} replace />;
}
