import { DASHBOARDS, type StaffRole } from "../../../shared/rules/staff.ts";
import type { StaffMember } from "./api/staff-session.ts";

/** What a signed-in member is told when the store sends them to their own dashboard. */
export const OWN_DASHBOARD_TEXT = {
  alreadySignedIn: (member: StaffMember) =>
    `You are already signed in as ${member.name}: here is your ${DASHBOARDS[member.role].title} dashboard.`,
  notYours: (member: StaffMember, asked: StaffRole) =>
    `The ${DASHBOARDS[asked].title} dashboard is another member's. You are signed in as ${member.name}: here is yours.`,
} as const;
