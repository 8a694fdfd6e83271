import { ClipboardCheck } from "lucide-react";
import { BULK_NOTICE_DAYS } from "../../../../shared/rules/bulk-delivery-date.ts";
import {
  ADVANCE_PERCENT,
  CANCELLATION_FEE_PERCENT,
  FINAL_CHANGES_HOURS,
} from "../../../../shared/rules/bulk-order-status.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";

// The terms the spec gives for bulk orders (its business constants), as a shopper reads them.
const TERMS = [
  /*i18n*/ "Submit your request at least {noticeHours} hours before the delivery date.",
  /*i18n*/ "A {advance}% advance, paid online, is due once our team approves your request and sends you a quote.",
  /*i18n*/ "Cancelling after processing has begun costs a {fee}% cancellation fee.",
  /*i18n*/ "Final changes must reach us at least {finalHours} hours before delivery.",
  /*i18n*/ "Delivery charges vary with the delivery location and the size of the order.",
  /*i18n*/ "The final price depends on availability and market rates.",
  /*i18n*/ "Cash on delivery is possible only with our team's approval, decided case by case.",
];

/** The values the terms name. */
const TERM_VALUES = {
  noticeHours: BULK_NOTICE_DAYS * 24,
  advance: ADVANCE_PERCENT,
  fee: CANCELLATION_FEE_PERCENT,
  finalHours: FINAL_CHANGES_HOURS,
};

export function BulkTermsCard() {
  const { i18n } = useLingui();
  return (
    <section
      aria-labelledby="bulk-terms-title"
      className="rounded-3xl bg-white p-6 shadow-card sm:p-8"
    >
      <h2 id="bulk-terms-title" className="flex items-center gap-2 text-xl font-bold text-ink-900">
        <ClipboardCheck aria-hidden="true" className="h-6 w-6 text-brand-600" />
        {i18n._("Terms and Conditions")}
      </h2>
      <ul className="mt-5 space-y-3 text-sm leading-relaxed text-ink-700">
        {TERMS.map((term) => (
          <li key={term} className="flex gap-3">
            <span
              aria-hidden="true"
              className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-600"
            />
            {i18n._(term, TERM_VALUES)}
          </li>
        ))}
      </ul>
    </section>
  );
}
