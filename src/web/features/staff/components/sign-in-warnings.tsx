import { ShieldAlert } from "lucide-react";
import { LIVE_TOPICS } from "../../../../shared/contracts/live-topics.ts";
import {
  SIGN_IN_WARNING_MESSAGES,
  signInWarningLine,
} from "../../../../shared/contracts/sign-in-warnings.ts";
import { signInWarningsQueryKey, useSignInWarnings } from "../api/sign-in-warnings.ts";
import { useStaffEvents } from "../api/staff-events.ts";

/**
 * A line on every dashboard for each staff account that saw repeated failed sign-ins in the last
 * day, arriving live; nothing at all while there are none.
 */
export function SignInWarnings() {
  const warnings = useSignInWarnings();
  useStaffEvents({ [LIVE_TOPICS.signInWarnings]: [signInWarningsQueryKey] });
  const shown = warnings.data?.warnings ?? [];
  if (shown.length === 0) return null;
  return (
    <section
      aria-labelledby="sign-in-warnings"
      className="rounded-2xl border-2 border-saffron-500 bg-white p-5 shadow-card sm:p-6"
    >
      <h2 id="sign-in-warnings" className="flex items-center gap-2 text-lg font-bold text-ink-900">
        <ShieldAlert aria-hidden="true" className="h-5 w-5 text-saffron-800" />
        {SIGN_IN_WARNING_MESSAGES.title}
      </h2>
      <ul className="mt-2 divide-y divide-cream-200">
        {shown.map((warning) => (
          <li key={warning.id} className="py-2 text-sm text-ink-900">
            {signInWarningLine(warning)}{" "}
            <span className="text-ink-500">{SIGN_IN_WARNING_MESSAGES.from(warning.address)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-ink-700">{SIGN_IN_WARNING_MESSAGES.hint}</p>
    </section>
  );
}
