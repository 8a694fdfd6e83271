import { productName } from "../../../../shared/catalogue.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { formatQuantityIn } from "../../../../shared/rules/measure.ts";
import { PriceSummary } from "../../../components/price-summary.tsx";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { priceLabel } from "../../../lib/product-quantity.ts";
import type { usePricedCart } from "../../cart/use-priced-cart.ts";
import { BORROWED_TEXT } from "../borrowed-texts.ts";

type PricedCart = ReturnType<typeof usePricedCart>;

export function CheckoutSummary({ cart }: { cart: PricedCart }) {
  const { i18n } = useLingui();
  return (
    <aside
      aria-labelledby="checkout-summary-title"
      className="h-fit rounded-3xl bg-white p-6 shadow-card lg:sticky lg:top-24"
    >
      <h2 id="checkout-summary-title" className="mb-4 text-xl font-bold text-ink-900">
        {i18n._(BORROWED_TEXT.orderSummary)}
      </h2>
      <ul className="mb-5 divide-y divide-cream-200" aria-label={i18n._("Items")}>
        {cart.lines.map((line) => (
          <li key={line.product.id} className="flex items-center gap-3 py-3 text-sm">
            <img
              src={line.product.image}
              alt=""
              width={48}
              height={36}
              className="h-9 w-12 rounded-lg bg-cream-200 object-cover"
            />
            <span className="flex-1">
              <span className="block font-semibold text-ink-900">
                {productName(line.product, i18n.locale)}
              </span>
              <span className="text-ink-500">
                {formatQuantityIn(
                  (id, values) => i18n._(id, values),
                  line.quantity,
                  line.product.unit,
                )}{" "}
                × {priceLabel(line.product, (text) => i18n._(text))}
              </span>
            </span>
            <span className="font-semibold">{formatRupees(line.linePaise)}</span>
          </li>
        ))}
      </ul>
      <PriceSummary breakdown={cart.breakdown} />
    </aside>
  );
}
