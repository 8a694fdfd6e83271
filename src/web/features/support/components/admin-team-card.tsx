import { rasterSources, teamPortrait } from "../../../lib/pictures.ts";

// The three staff roles behind the store's dashboards, with the people from the About page.
const ADMIN_TEAM = [
  {
    role: "Inventory Manager",
    name: "Rahul Pattnaik",
    slug: "rahul-pattnaik",
    duty: "Keeps the catalogue, prices and stock up to date.",
  },
  {
    role: "Sales Manager",
    name: "Ananya Mishra",
    slug: "ananya-mishra",
    duty: "Looks after orders, payments and deliveries.",
  },
  {
    role: "Customer Relations",
    name: "Sunita Das",
    slug: "sunita-das",
    duty: "Answers your messages and feedback, and prices bulk orders.",
  },
];

export function AdminTeamCard() {
  return (
    <section
      aria-labelledby="admin-team-title"
      className="rounded-3xl bg-white p-6 shadow-card sm:p-8"
    >
      <h2 id="admin-team-title" className="text-xl font-bold text-ink-900">
        Admin Team
      </h2>
      <p className="mt-2 text-sm text-ink-500">The people who read what you send us.</p>
      <ul className="mt-6 space-y-5">
        {ADMIN_TEAM.map((member) => (
          <li key={member.role} className="flex items-center gap-4">
            <img
              {...rasterSources(teamPortrait(member.slug))}
              sizes="3.5rem"
              alt=""
              width={56}
              height={56}
              loading="lazy"
              className="h-14 w-14 shrink-0 rounded-full bg-cream-200"
            />
            <div className="min-w-0 text-sm">
              <h3 className="font-bold text-ink-900">{member.role}</h3>
              <p className="font-semibold text-brand-700">{member.name}</p>
              <p className="text-ink-500">{member.duty}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
