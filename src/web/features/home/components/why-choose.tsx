import { Award, Leaf, Truck } from "lucide-react";
import { STORE } from "../../../../shared/store-info.ts";

const REASONS = [
  {
    icon: Leaf,
    title: "Always Organic",
    text: "Grown without synthetic pesticides or fertilisers by farmers we know by name.",
  },
  {
    icon: Award,
    title: "Premium Quality",
    text: "Hand-picked and checked every morning, so only the best reaches your kitchen.",
  },
  {
    icon: Truck,
    title: "Fast Delivery",
    text: `At your door in ${STORE.deliveryPromise} across Bhubaneswar, fresh from the farm.`,
  },
];

export function WhyChoose() {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {REASONS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl bg-white p-8 text-center shadow-card">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <Icon aria-hidden="true" className="h-7 w-7" />
          </span>
          <h3 className="mt-5 text-xl font-bold text-ink-900">{title}</h3>
          <p className="mt-2 text-ink-500">{text}</p>
        </li>
      ))}
    </ul>
  );
}
