import { Award, Leaf, Truck } from "lucide-react";
import { STORE } from "../../../../shared/store-info.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";

const REASONS = [
  {
    icon: Leaf,
    title: /*i18n*/ "Always Organic",
    text: /*i18n*/ "Grown without synthetic pesticides or fertilisers by farmers we know by name.",
  },
  {
    icon: Award,
    title: /*i18n*/ "Premium Quality",
    text: /*i18n*/ "Hand-picked and checked every morning, so only the best reaches your kitchen.",
  },
  {
    icon: Truck,
    title: /*i18n*/ "Fast Delivery",
    text: /*i18n*/ "At your door in {promise} across Bhubaneswar, fresh from the farm.",
  },
];

export function WhyChoose() {
  const { i18n } = useLingui();
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {REASONS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl bg-white p-8 text-center shadow-card">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <Icon aria-hidden="true" className="h-7 w-7" />
          </span>
          <h3 className="mt-5 text-xl font-bold text-ink-900">{i18n._(title)}</h3>
          <p className="mt-2 text-ink-500">
            {i18n._(text, { promise: i18n._(STORE.deliveryPromise) })}
          </p>
        </li>
      ))}
    </ul>
  );
}
