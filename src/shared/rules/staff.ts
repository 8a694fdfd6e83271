/**
 * The three staff dashboards of the spec. A member's role names the one dashboard whose API
 * they may call (`/api/staff/<role>/...`) and whose page they see (`/admin/dashboard/<id>`).
 */
export const STAFF_ROLES = ["inventory", "sales", "customer-relations"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const DASHBOARDS = {
  inventory: { id: 1, title: /*i18n*/ "Inventory Manager" },
  sales: { id: 2, title: /*i18n*/ "Sales Manager" },
  "customer-relations": { id: 3, title: /*i18n*/ "Customer Relations" },
} as const satisfies Record<StaffRole, { id: number; title: string }>;

/**
 * The people behind the dashboards: the seed names each member from here, and the Customer
 * Support page's Admin Team card shows who will read what a shopper sends.
 */
export const STAFF_TEAM = {
  inventory: {
    name: "Sasmita Das",
    duty: /*i18n*/ "Keeps the catalogue, prices and stock up to date.",
  },
  sales: { name: "Rakesh Mohanty", duty: /*i18n*/ "Looks after orders, payments and deliveries." },
  "customer-relations": {
    name: "Ipsita Nayak",
    duty: /*i18n*/ "Answers your messages and feedback, and prices bulk orders.",
  },
} as const satisfies Record<StaffRole, { name: string; duty: string }>;

export type DashboardId = (typeof DASHBOARDS)[StaffRole]["id"];

export function roleOfDashboard(id: number): StaffRole | undefined {
  return STAFF_ROLES.find((role) => DASHBOARDS[role].id === id);
}

export function dashboardPath(role: StaffRole): string {
  return `/admin/dashboard/${DASHBOARDS[role].id}`;
}

/** Staff sessions: never longer than this, and ended after this long without a request. */
export const STAFF_SESSION_MAX_HOURS = 12;
export const STAFF_SESSION_IDLE_MINUTES = 30;

export const STAFF_MESSAGES = {
  missingFields: "Please enter both username and password",
  invalidCredentials: "Invalid admin credentials",
} as const;

/** A staff password guards the whole shop: longer than a shopper's minimum. */
export const STAFF_MIN_PASSWORD_LENGTH = 12;
