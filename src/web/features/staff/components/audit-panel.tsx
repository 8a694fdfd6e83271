import { useState } from "react";
import {
  AUDIT_MESSAGES,
  type AuditEntryView,
  type AuditFilters,
} from "../../../../shared/contracts/audit.ts";
import { activitySentence } from "../../../../shared/rules/activity-sentence.ts";
import { formatShopDateTime } from "../../../../shared/rules/shop-time.ts";
import type { StaffRole } from "../../../../shared/rules/staff.ts";
import { Button } from "../../../components/ui/button.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { auditQueryKey, useAuditLog } from "../api/audit.ts";
import { useStaffEvents } from "../api/staff-events.ts";
import { AuditFiltersBar } from "./audit-filters.tsx";

function AuditRow({ entry }: { entry: AuditEntryView }) {
  const { sentence, details } = activitySentence(entry);
  return (
    <li className="py-3">
      <p className="text-sm text-ink-900">{sentence}</p>
      {details.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-xs text-ink-700">
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
      <p className="mt-1 text-xs text-ink-500">
        <time dateTime={entry.at}>{formatShopDateTime(entry.at)}</time>
      </p>
    </li>
  );
}

function emptyMessage(filters: AuditFilters): string {
  if (filters.kind) return AUDIT_MESSAGES.emptyKind;
  if (filters.staff) return AUDIT_MESSAGES.emptyMember;
  return AUDIT_MESSAGES.empty;
}

/** "Recent activity": the dashboard's own audit entries, refreshed as its events arrive. */
export function AuditPanel({ role }: { role: StaffRole }) {
  const [filters, setFilters] = useState<AuditFilters>({});
  const log = useAuditLog(role, filters);
  // Any change on this dashboard may have written an entry (or brought a new member).
  useStaffEvents({ "*": [auditQueryKey(role)] });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <section
      aria-labelledby={`audit-${role}`}
      className="rounded-2xl bg-white p-5 shadow-card sm:p-6"
    >
      <h2 id={`audit-${role}`} className="text-lg font-bold text-ink-900">
        {AUDIT_MESSAGES.title}
      </h2>
      <AuditFiltersBar role={role} filters={filters} onChange={setFilters} />
      {log.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={AUDIT_MESSAGES.loading} />
        </div>
      ) : log.isError && entries.length === 0 ? (
        <div className="mt-3">
          <LoadError error={log.error} onRetry={() => void log.refetch()} />
        </div>
      ) : entries.length === 0 ? (
        <p className="mt-3 text-sm text-ink-500">{emptyMessage(filters)}</p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-cream-200">
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ul>
          {log.hasNextPage && (
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {log.isFetchingNextPage ? AUDIT_MESSAGES.loading : AUDIT_MESSAGES.loadMore}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
