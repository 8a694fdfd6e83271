import { Leaf, Settings2, Truck } from "lucide-react";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";

const REASONS = [
  {
    icon: Leaf,
    title: /*i18n*/ "Fresh & Premium Quality",
    text: /*i18n*/ "Bought from our partner farms for your date and checked by hand before it leaves us.",
  },
  {
    icon: Settings2,
    title: /*i18n*/ "Customizable Orders",
    text: /*i18n*/ "Any mix of fruits, vegetables, dairy and herbs, in the quantities your event needs.",
  },
  {
    icon: Truck,
    title: /*i18n*/ "Reliable Delivery",
    text: /*i18n*/ "Delivered to your venue on the day you choose, on time.",
  },
];

export function BulkWhyChooseCard() {
  const { i18n } = useLingui();
  return (
    <section
      aria-labelledby="bulk-why-title"
      className="rounded-3xl bg-brand-700 p-6 text-white shadow-card sm:p-8"
    >
      <h2 id="bulk-why-title" className="text-xl font-bold">
        {i18n._("Why Choose Our Bulk Order Service?")}
      </h2>
      <ul className="mt-5 space-y-5">
        {REASONS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white/15">
              <Icon aria-hidden="true" className="h-5 w-5" />
            </span>
            <div>
              <h3 className="font-bold">{i18n._(title)}</h3>
              <p className="mt-1 text-sm text-brand-100">{i18n._(text)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
