import { DASHBOARDS, STAFF_ROLES, STAFF_TEAM } from "../../../../shared/rules/staff.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";

/** "Sasmita Das" reads "SD". */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();

/** The members who run the three dashboards, by the names they sign in under. */
export function AdminTeamCard() {
  const { i18n } = useLingui();
  return (
    <section
      aria-labelledby="admin-team-title"
      className="rounded-3xl bg-white p-6 shadow-card sm:p-8"
    >
      <h2 id="admin-team-title" className="text-xl font-bold text-ink-900">
        {i18n._("Admin Team")}
      </h2>
      <p className="mt-2 text-sm text-ink-500">{i18n._("The people who read what you send us.")}</p>
      <ul className="mt-6 space-y-5">
        {STAFF_ROLES.map((role) => (
          <li key={role} className="flex items-center gap-4">
            <span
              aria-hidden="true"
              className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-100 font-display text-lg font-bold text-brand-800"
            >
              {initials(STAFF_TEAM[role].name)}
            </span>
            <div className="min-w-0 text-sm">
              <h3 className="font-bold text-ink-900">{i18n._(DASHBOARDS[role].title)}</h3>
              <p className="font-semibold text-brand-700">{STAFF_TEAM[role].name}</p>
              <p className="text-ink-500">{i18n._(STAFF_TEAM[role].duty)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
