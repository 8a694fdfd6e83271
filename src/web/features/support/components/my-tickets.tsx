import { useEffect, useState } from "react";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { networkError } from "../../../lib/api-client.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { loadPageTexts } from "../../../lib/i18n/shop-i18n.ts";
import { loadOnce } from "../../../lib/load-once.ts";
import { useCustomer } from "../../account/api/session.ts";
import { TICKET_LIST_TEXT as text } from "../ticket-list-texts.ts";

type TicketList = typeof import("./my-ticket-list.tsx").MyTicketList;

/** The list's code and texts, once, for a customer: a visitor never needs them. */
const ticketList = loadOnce<TicketList>(() =>
  Promise.all([
    import("./my-ticket-list.tsx"),
    loadPageTexts(["features/support/components/my-ticket-list"]),
  ]).then(([{ MyTicketList }]) => MyTicketList),
);

/** A signed-in customer's conversations with the shop; nothing at all for a visitor. */
export function MyTickets() {
  const signedIn = Boolean(useCustomer().data);
  const { i18n } = useLingui();
  const [List, setList] = useState<TicketList | undefined>(ticketList.loaded);
  const [failed, setFailed] = useState(false);
  const load = () => {
    setFailed(false);
    ticketList.load().then(
      (list) => setList(() => list),
      () => setFailed(true),
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once a customer is known; a retry is the button's.
  useEffect(() => {
    if (signedIn && !List) load();
  }, [signedIn, List]);

  if (!signedIn) return null;
  return (
    <section
      aria-labelledby="my-tickets-title"
      className="rounded-3xl bg-white p-6 shadow-card sm:p-8"
    >
      <h2 id="my-tickets-title" className="text-xl font-bold text-ink-900">
        {i18n._(text.mineTitle)}
      </h2>
      {List ? (
        <List />
      ) : failed ? (
        <div className="mt-4">
          <LoadError error={networkError()} onRetry={load} />
        </div>
      ) : (
        <div className="mt-4">
          <Spinner label={i18n._(text.loading)} />
        </div>
      )}
    </section>
  );
}
