import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditPage } from "../../../../shared/contracts/audit.ts";
import type { StaffRole } from "../../../../shared/rules/staff.ts";
import { api } from "../../../lib/api-client.ts";

export const auditQueryKey = (role: StaffRole) => ["staff", role, "audit"] as const;

export const fetchAuditPage = (role: StaffRole, cursor: string | undefined) =>
  api.get<AuditPage>(
    `/api/staff/${role}/audit${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
  );

/** A dashboard's own audit entries, newest first, a page at a time. */
export const useAuditLog = (role: StaffRole) =>
  useInfiniteQuery({
    queryKey: auditQueryKey(role),
    queryFn: ({ pageParam }) => fetchAuditPage(role, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
