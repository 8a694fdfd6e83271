import { STAFF_TEAM, type StaffRole } from "../../../shared/rules/staff.ts";

/**
 * The spec's three staff members. The seed creates them with these usernames, which a real shop's
 * members replace with their own (`npm run staff:username`); no endpoint creates, renames or
 * changes the role of a member. Demo passwords are public (README, the /admin hint) and valid
 * only in demo mode: a real store refuses to start while any member still has one.
 */
export const STAFF_MEMBERS = [
  {
    id: "staff-inventory",
    role: "inventory",
    dashboard: 1,
    username: "inventory",
    name: STAFF_TEAM.inventory.name,
    email: "inventory@staff.freshharvesthub.in",
    demoPassword: "harvest-inventory",
  },
  {
    id: "staff-sales",
    role: "sales",
    dashboard: 2,
    username: "sales",
    name: STAFF_TEAM.sales.name,
    email: "sales@staff.freshharvesthub.in",
    demoPassword: "harvest-sales",
  },
  {
    id: "staff-relations",
    role: "customer-relations",
    dashboard: 3,
    username: "relations",
    name: STAFF_TEAM["customer-relations"].name,
    email: "relations@staff.freshharvesthub.in",
    demoPassword: "harvest-relations",
  },
] as const satisfies readonly {
  id: string;
  role: StaffRole;
  dashboard: number;
  username: string;
  name: string;
  email: string;
  demoPassword: string;
}[];

export type SeedStaffMember = (typeof STAFF_MEMBERS)[number];
