import { queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { AuditFilters, AuditMembers, AuditPage } from "../../../../shared/contracts/audit.ts";
import type { StaffRole } from "../../../../shared/rules/staff.ts";
import { api } from "../../../lib/api-client.ts";

/** Every audit query of a dashboard starts with this: its live events refetch them all. */
export const auditQueryKey = (role: StaffRole) => ["staff", role, "audit"] as const;

const auditPath = (role: StaffRole) => `/api/staff/${role}/audit`;

export const fetchAuditPage = (
  role: StaffRole,
  cursor: string | undefined,
  filters: AuditFilters = {},
) => {
  const query = new URLSearchParams();
  if (filters.staff) query.set("staff", filters.staff);
  if (filters.kind) query.set("kind", filters.kind);
  if (cursor) query.set("cursor", cursor);
  const search = query.toString();
  return api.get<AuditPage>(`${auditPath(role)}${search ? `?${search}` : ""}`);
};

/** A dashboard's own audit entries, newest first, a page at a time, filtered by the server. */
export const useAuditLog = (role: StaffRole, filters: AuditFilters = {}) =>
  useInfiniteQuery({
    queryKey: [...auditQueryKey(role), "entries", filters.staff ?? "", filters.kind ?? ""],
    queryFn: ({ pageParam }) => fetchAuditPage(role, pageParam, filters),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const auditMembersQuery = (role: StaffRole) =>
  queryOptions({
    queryKey: [...auditQueryKey(role), "members"],
    queryFn: () => api.get<AuditMembers>(`${auditPath(role)}/members`),
  });

/** The members the Member filter offers: everyone with an entry in the dashboard's log. */
export const useAuditMembers = (role: StaffRole) => useQuery(auditMembersQuery(role));
