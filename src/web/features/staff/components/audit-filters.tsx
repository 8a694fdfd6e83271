import { AUDIT_MESSAGES, type AuditFilters } from "../../../../shared/contracts/audit.ts";
import { ACTIVITY_KINDS } from "../../../../shared/rules/activity-sentence.ts";
import type { StaffRole } from "../../../../shared/rules/staff.ts";
import { Field, Select } from "../../../components/ui/field.tsx";
import { useAuditMembers } from "../api/audit.ts";

/**
 * The panel's Member and Kind filters: native selects, so the keyboard and screen readers work
 * as everywhere else. The empty value is "all"; the server does the filtering.
 */
export function AuditFiltersBar({
  role,
  filters,
  onChange,
}: {
  role: StaffRole;
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
}) {
  const members = useAuditMembers(role).data?.members ?? [];
  const chosen = (value: string) => value || undefined;
  return (
    <fieldset className="mt-3 grid gap-3 sm:grid-cols-2">
      <legend className="sr-only">{AUDIT_MESSAGES.filters}</legend>
      <Field id={`audit-${role}-member`} label={AUDIT_MESSAGES.member}>
        <Select
          value={filters.staff ?? ""}
          onChange={(event) => onChange({ ...filters, staff: chosen(event.target.value) })}
        >
          <option value="">{AUDIT_MESSAGES.allMembers}</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`audit-${role}-kind`} label={AUDIT_MESSAGES.kind}>
        <Select
          value={filters.kind ?? ""}
          onChange={(event) => onChange({ ...filters, kind: chosen(event.target.value) })}
        >
          <option value="">{AUDIT_MESSAGES.allKinds}</option>
          {ACTIVITY_KINDS[role].map((kind) => (
            <option key={kind.id} value={kind.id}>
              {kind.label}
            </option>
          ))}
        </Select>
      </Field>
    </fieldset>
  );
}
