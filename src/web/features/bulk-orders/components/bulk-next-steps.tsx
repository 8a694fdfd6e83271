import { ADVANCE_PERCENT } from "../../../../shared/rules/bulk-order-status.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";

const STEPS = [
  /*i18n*/ "Our team reviews your request and checks availability with our farms.",
  /*i18n*/ "We prepare a quote from availability and market rates, with delivery charges for your location and order size, and email it to you.",
  /*i18n*/ "We ask for a {advance}% advance payment to confirm the order; the balance is due on delivery.",
];

export function BulkNextSteps() {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="bulk-next-steps-title" className="rounded-3xl bg-brand-50 p-6 sm:p-8">
      <h2 id="bulk-next-steps-title" className="text-xl font-bold text-brand-900">
        {i18n._("Next Steps")}
      </h2>
      <ol className="mt-5 space-y-4 text-sm text-ink-700">
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white"
            >
              {index + 1}
            </span>
            <span className="pt-1">{i18n._(step, { advance: ADVANCE_PERCENT })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
