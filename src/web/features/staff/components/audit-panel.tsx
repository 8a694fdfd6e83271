import { History } from "lucide-react";
import type { StaffRole } from "../../../../shared/rules/staff.ts";
import { EmptyState, Panel } from "../panel.tsx";

/**
 * The dashboard's recent staff actions from the audit log. Until the live log is wired in, it
 * says there is nothing yet.
 */
export function AuditPanel({ role: _role }: { role: StaffRole }) {
  return (
    <Panel title="Recent activity" description="Changes made from this dashboard, newest first.">
      <EmptyState icon={History} title="No activity yet">
        Every change made here is recorded with who made it and when, and appears in this list.
      </EmptyState>
    </Panel>
  );
}
