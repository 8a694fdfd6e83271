import { formatRupees } from "../../shared/money.ts";
import type { PriceBreakdown } from "../../shared/rules/pricing.ts";
import { FREE_DELIVERY_ABOVE_PAISE } from "../../shared/rules/pricing.ts";
import { useLingui } from "../lib/i18n/react-binding.tsx";

/** The one price breakdown, as every screen shows it. */
export function PriceSummary({ breakdown }: { breakdown: PriceBreakdown }) {
  const freeDelivery = breakdown.deliveryFeePaise === 0 && breakdown.subtotalPaise > 0;
  const { i18n } = useLingui();
  return (
    <div className="space-y-3 text-sm" data-testid="price-summary">
      <dl className="space-y-3">
        <div className="flex justify-between">
          <dt className="text-ink-500">{i18n._("Subtotal")}</dt>
          <dd className="font-semibold" data-testid="subtotal">
            {formatRupees(breakdown.subtotalPaise)}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-ink-500">GST</dt>
          <dd className="font-semibold" data-testid="gst">
            {formatRupees(breakdown.gstPaise)}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-ink-500">{i18n._("Delivery")}</dt>
          <dd className="font-semibold" data-testid="delivery">
            {freeDelivery ? i18n._("Free") : formatRupees(breakdown.deliveryFeePaise)}
          </dd>
        </div>
        <div className="flex justify-between border-t border-cream-200 pt-3 text-base">
          <dt className="font-bold">{i18n._("Total")}</dt>
          <dd className="font-bold text-brand-700" data-testid="total">
            {formatRupees(breakdown.totalPaise)}
          </dd>
        </div>
      </dl>
      <p className="rounded-xl bg-brand-50 px-3 py-2 text-xs text-brand-800">
        {i18n._(
          "Free delivery on orders over {amount}. Fresh produce is GST-exempt; ghee and butter carry 5% GST.",
          { amount: formatRupees(FREE_DELIVERY_ABOVE_PAISE) },
        )}
      </p>
    </div>
  );
}
