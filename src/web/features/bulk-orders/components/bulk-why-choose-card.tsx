import { Leaf, Settings2, Truck } from "lucide-react";

const REASONS = [
  {
    icon: Leaf,
    title: "Fresh & Premium Quality",
    text: "Bought from our partner farms for your date and checked by hand before it leaves us.",
  },
  {
    icon: Settings2,
    title: "Customizable Orders",
    text: "Any mix of fruits, vegetables, dairy and herbs, in the quantities your event needs.",
  },
  {
    icon: Truck,
    title: "Reliable Delivery",
    text: "Delivered to your venue on the day you choose, on time.",
  },
];

export function BulkWhyChooseCard() {
  return (
    <section
      aria-labelledby="bulk-why-title"
      className="rounded-3xl bg-brand-700 p-6 text-white shadow-card sm:p-8"
    >
      <h2 id="bulk-why-title" className="text-xl font-bold">
        Why Choose Our Bulk Order Service?
      </h2>
      <ul className="mt-5 space-y-5">
        {REASONS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white/15">
              <Icon aria-hidden="true" className="h-5 w-5" />
            </span>
            <div>
              <h3 className="font-bold">{title}</h3>
              <p className="mt-1 text-sm text-brand-100">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
