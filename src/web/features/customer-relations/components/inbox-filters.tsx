import { useEffect, useId, useState } from "react";
import {
  QUERY_TYPE_LABELS,
  QUERY_TYPES,
  type QueryType,
} from "../../../../shared/contracts/support.ts";
import {
  TICKET_AGE_LABELS,
  TICKET_AGES,
  type TicketAge,
} from "../../../../shared/contracts/support-inbox.ts";
import { Field, Select } from "../../../components/ui/field.tsx";
import { useSettled } from "../../../lib/use-settled.ts";
import { SearchInput } from "../../staff/ui/search-input.tsx";
import type { DeskFilters } from "../desk-address.ts";
import { RELATIONS_TEXT } from "../texts.ts";

const text = RELATIONS_TEXT.inbox;

/** The inbox's search box and its type and age filters; the search is passed on once settled. */
export function InboxFilters({
  filters,
  onChange,
}: {
  filters: DeskFilters;
  onChange(next: DeskFilters): void;
}) {
  const id = useId();
  const [search, setSearch] = useState(filters.q);
  const settled = useSettled(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search is passed on
  useEffect(() => {
    if (settled.trim() !== filters.q) onChange({ ...filters, q: settled.trim() });
  }, [settled]);
  // "Clear filters" and a link opened in place empty or fill the box too.
  useEffect(() => {
    setSearch((typed) => (typed.trim() === filters.q ? typed : filters.q));
  }, [filters.q]);

  return (
    // On a narrow phone each control takes the row, so a type's whole name shows in its box.
    <fieldset className="mb-4 grid grid-cols-1 gap-3 min-[440px]:grid-cols-2 sm:grid-cols-4">
      <legend className="sr-only">{text.filters}</legend>
      <div className="space-y-1.5 min-[440px]:col-span-2">
        <label htmlFor={`${id}-q`} className="block text-sm font-semibold text-ink-700">
          {text.search}
        </label>
        <SearchInput
          id={`${id}-q`}
          value={search}
          placeholder={text.searchPlaceholder}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <Field id={`${id}-type`} label={text.type}>
        <Select
          value={filters.type}
          onChange={(event) => onChange({ ...filters, type: event.target.value as QueryType | "" })}
        >
          <option value="">{text.allTypes}</option>
          {QUERY_TYPES.map((type) => (
            <option key={type} value={type}>
              {QUERY_TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-age`} label={text.age}>
        <Select
          value={filters.age}
          onChange={(event) => onChange({ ...filters, age: event.target.value as TicketAge | "" })}
        >
          <option value="">{text.anyAge}</option>
          {TICKET_AGES.map((age) => (
            <option key={age} value={age}>
              {TICKET_AGE_LABELS[age]}
            </option>
          ))}
        </Select>
      </Field>
    </fieldset>
  );
}
