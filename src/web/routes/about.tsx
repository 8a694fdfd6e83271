import { HandCoins, MapPin, ShieldCheck, Sprout, Tractor } from "lucide-react";
import { STORE, STORE_ADDRESS } from "../../shared/store-info.ts";
import { SectionHeading } from "../components/ui/section-heading.tsx";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { rasterSources, teamPortrait } from "../lib/pictures.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

const VALUES = [
  {
    icon: Sprout,
    title: /*i18n*/ "Sustainability",
    text: /*i18n*/ "Organic methods that keep Odisha's soil and water healthy for the next harvest.",
  },
  {
    icon: Tractor,
    title: /*i18n*/ "Local Focus",
    text: /*i18n*/ "Nearly everything we sell is grown within a short drive of Bhubaneswar.",
  },
  {
    icon: HandCoins,
    title: /*i18n*/ "Fair Pricing",
    text: /*i18n*/ "Farmers get a fair share, and you pay honest prices with no hidden charges.",
  },
  {
    icon: ShieldCheck,
    title: /*i18n*/ "Quality Assurance",
    text: /*i18n*/ "Every crate is checked by hand before it leaves our store.",
  },
];

const TEAM = [
  { slug: "ananya-mishra", name: "Ananya Mishra", role: /*i18n*/ "Founder & Farm Partnerships" },
  { slug: "rahul-pattnaik", name: "Rahul Pattnaik", role: /*i18n*/ "Operations & Delivery" },
  { slug: "sunita-das", name: "Sunita Das", role: /*i18n*/ "Quality & Customer Care" },
];

const MAP_LINK = `https://www.openstreetmap.org/?mlat=${STORE.mapLatitude}&mlon=${STORE.mapLongitude}#map=16/${STORE.mapLatitude}/${STORE.mapLongitude}`;

export default function AboutPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._("About Us"));
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <header className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">
          {i18n._("About us")}
        </p>
        <h1 className="mt-2 font-display text-4xl font-bold text-ink-900 sm:text-5xl">
          {i18n._("Our Story")}
        </h1>
        <p className="mt-6 text-lg leading-relaxed text-ink-700">
          {i18n._(
            "{store} began with a simple question at a Bhubaneswar market: why does produce grown twenty kilometres away take three days to reach our kitchens? We work directly with organic farmers across Khordha, Cuttack and Puri, collect their harvest every morning and deliver it to your door in {promise}.",
            { store: STORE.name, promise: i18n._(STORE.deliveryPromise) },
          )}
        </p>
      </header>

      <section
        aria-labelledby="mission-title"
        className="mt-16 rounded-3xl bg-brand-700 p-8 text-center text-white sm:p-12"
      >
        <h2 id="mission-title" className="font-display text-3xl font-bold">
          {i18n._("Our Mission")}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
          {i18n._(
            "To make fresh, organic, local food the easy choice for every family in Bhubaneswar, and a fair living for the farmers who grow it.",
          )}
        </p>
      </section>

      <section aria-labelledby="values-title" className="mt-20">
        <SectionHeading
          id="values-title"
          eyebrow={i18n._("What we stand for")}
          title={i18n._("Our Values")}
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-white p-6 shadow-card">
              <Icon aria-hidden="true" className="h-8 w-8 text-brand-600" />
              <h3 className="mt-4 text-lg font-bold text-ink-900">{i18n._(title)}</h3>
              <p className="mt-2 text-sm text-ink-500">{i18n._(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="visit-title"
        className="mt-20 grid items-center gap-8 lg:grid-cols-2"
      >
        <figure className="overflow-hidden rounded-3xl bg-white shadow-card">
          <img
            {...rasterSources("/images/about/store-map.svg")}
            sizes="(min-width: 1024px) 38rem, 100vw"
            alt={i18n._("Map of Bhubaneswar showing our store at {street}", {
              street: STORE.street,
            })}
            width={800}
            height={500}
            loading="lazy"
            className="h-auto w-full"
          />
        </figure>
        <div>
          <h2 id="visit-title" className="font-display text-3xl font-bold text-ink-900">
            {i18n._("Visit Our Store")}
          </h2>
          <p className="mt-4 flex gap-2 text-ink-700">
            <MapPin aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-600" />
            <span>
              <strong className="block">{STORE.name}</strong>
              {STORE_ADDRESS}
            </span>
          </p>
          <p className="mt-3 text-ink-500">
            {i18n._("Open every day, 7 AM to 10 PM. Phone support {supportHours}.", {
              supportHours: i18n._(STORE.supportHours),
            })}
          </p>
          <a
            href={MAP_LINK}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-6 inline-block font-semibold text-brand-700 underline hover:text-brand-800"
          >
            {i18n._("Open in OpenStreetMap")}
          </a>
        </div>
      </section>

      <section aria-labelledby="team-title" className="mt-20">
        <SectionHeading
          id="team-title"
          eyebrow={i18n._("The people")}
          title={i18n._("Meet Our Team")}
        />
        <ul className="grid gap-6 sm:grid-cols-3">
          {TEAM.map((member) => (
            <li key={member.slug} className="rounded-2xl bg-white p-6 text-center shadow-card">
              <img
                {...rasterSources(teamPortrait(member.slug))}
                sizes="8rem"
                alt={member.name}
                width={128}
                height={128}
                loading="lazy"
                className="mx-auto h-32 w-32 rounded-full bg-cream-200"
              />
              <h3 className="mt-4 text-lg font-bold text-ink-900">{member.name}</h3>
              <p className="text-sm text-brand-700">{i18n._(member.role)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
