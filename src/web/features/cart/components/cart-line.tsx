import { Minus, Plus, Trash2 } from "lucide-react";
import { productName } from "../../../../shared/catalogue.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { harvestedLabel } from "../../../../shared/rules/harvest-date.ts";
import { formatQuantity, maxPerOrder } from "../../../../shared/rules/measure.ts";
import { perOrderNote } from "../../../../shared/rules/order-quantity.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { mostOnSteps, priceLabel, stepDown, stepUp } from "../../../lib/product-quantity.ts";
import { useCart } from "../cart-context.tsx";
import type { PricedCartLine } from "../use-priced-cart.ts";

const STEP_BUTTON =
  "flex h-9 w-9 items-center justify-center rounded-full text-ink-700 hover:bg-brand-50 disabled:opacity-40";

export function CartLine({ line }: { line: PricedCartLine }) {
  const { setQuantity, removeItem } = useCart();
  const { product, quantity } = line;
  const cap = maxPerOrder(product.unit);
  // On the product's steps, within the order's cap and (while it is sold) its stock.
  const atMost = mostOnSteps(product, product.stock || cap);
  const shown = formatQuantity(quantity, product.unit);
  const harvested = line.unavailable ? undefined : harvestedLabel(product.harvestedOn);
  const { i18n } = useLingui();
  const name = productName(product, i18n.locale);
  return (
    <li className="flex gap-3 py-5 sm:gap-4" data-testid="cart-line">
      <img
        src={product.image}
        alt=""
        width={96}
        height={72}
        className="h-16 w-20 shrink-0 rounded-xl bg-cream-200 object-cover sm:h-20 sm:w-24"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 className="font-bold text-ink-900">{name}</h3>
          <p className="text-sm text-ink-500">{priceLabel(product, (text) => i18n._(text))}</p>
          {harvested && (
            <p className="text-xs font-semibold text-brand-700" data-testid="harvested-on">
              {harvested}
            </p>
          )}
          {stepUp(product, quantity) > cap && (
            <p className="text-sm font-semibold text-saffron-800" data-testid="per-order-note">
              {perOrderNote(product.unit)}
            </p>
          )}
          {line.unavailable && (
            <p className="text-sm font-semibold text-red-700">
              {i18n._("No longer available: remove it to continue.")}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 sm:gap-4">
          <div className="flex items-center rounded-full border border-ink-500/20 bg-white">
            <button
              type="button"
              className={STEP_BUTTON}
              aria-label={i18n._("Decrease quantity of {name}", { name })}
              onClick={() => setQuantity(product.id, stepDown(product, quantity))}
            >
              <Minus aria-hidden="true" className="h-4 w-4" />
            </button>
            <span
              className="min-w-8 px-1 text-center font-semibold whitespace-nowrap tabular-nums"
              aria-live="polite"
              data-testid="quantity"
            >
              {shown}
            </span>
            <button
              type="button"
              className={STEP_BUTTON}
              aria-label={i18n._("Increase quantity of {name}", { name })}
              disabled={stepUp(product, quantity) > atMost}
              onClick={() => setQuantity(product.id, stepUp(product, quantity))}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
            </button>
          </div>
          <p className="min-w-20 text-right font-bold text-ink-900">
            {formatRupees(line.linePaise)}
          </p>
          <button
            type="button"
            className="rounded-full p-2 text-ink-500 hover:bg-red-50 hover:text-red-700"
            aria-label={i18n._("Remove {name}", { name })}
            onClick={() => removeItem(product.id)}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      </div>
    </li>
  );
}
