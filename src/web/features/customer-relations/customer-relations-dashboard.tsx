// The Customer Relations dashboard (/admin/dashboard/3): loaded lazily by the staff shell, so none
// of it reaches the storefront. The inbox comes first: every customer is owed a reply within the
// promised hours, before the live figures on a phone and under them on wider screens. Feedback and ratings follow (answering either opens a
// conversation, in the same ticket sheet as the inbox's), then the event and bulk orders.
import { useMemo } from "react";
import { useSearchParams } from "../../lib/router/index.ts";
import { useStaffEvents } from "../staff/api/staff-events.ts";
import { SavedViewsMenu } from "../staff/ui/saved-views-menu.tsx";
import { KeyboardShortcuts } from "../staff/ui/shortcuts-help.tsx";
import { RELATIONS_LIVE_KEYS } from "./api/query-keys.ts";
import { BulkPipeline } from "./components/bulk-pipeline.tsx";
import { FeedbackPanel } from "./components/feedback-panel.tsx";
import { RatingsPanel } from "./components/ratings-panel.tsx";
import { RelationsFigures } from "./components/relations-figures.tsx";
import { SupportInbox } from "./components/support-inbox.tsx";
import { TicketSheet } from "./components/ticket-sheet.tsx";
import { type DeskAddress, deskSearch, readDeskAddress } from "./desk-address.ts";

export function CustomerRelationsDashboard() {
  useStaffEvents(RELATIONS_LIVE_KEYS);
  // The inbox tab, its search and filters and the open ticket are the address's: a reload or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const address = useMemo(() => readDeskAddress(params), [params]);
  const go = (next: Partial<DeskAddress>) =>
    void setParams(deskSearch({ ...address, ...next }), {
      replace: true,
      preventScrollReset: true,
    });
  const setOpened = (ticket: string | undefined) => go({ ticket });
  const opened = address.ticket;
  return (
    // The inbox comes first in the page's order, as on a phone it comes first on screen: the work
    // before the figures. Wider screens draw the figures above it (md:order-first).
    <div className="flex flex-col gap-6">
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <SupportInbox
          status={address.status}
          onStatus={(status) => go({ status })}
          filters={{ q: address.q, type: address.type, age: address.age }}
          onFilters={go}
          onOpen={setOpened}
          tools={
            <>
              <SavedViewsMenu
                dashboard="customer-relations"
                query={deskSearch({ ...address, ticket: undefined }).toString()}
                onApply={(query) => {
                  const { status, q, type, age } = readDeskAddress(new URLSearchParams(query));
                  go({ status, q, type, age });
                }}
              />
              <KeyboardShortcuts dashboard="customer-relations" />
            </>
          }
        />
        <FeedbackPanel onOpenTicket={setOpened} />
        <RatingsPanel onOpenTicket={setOpened} />
        <BulkPipeline />
      </div>
      <div className="md:order-first">
        <RelationsFigures />
      </div>
      <TicketSheet
        reference={opened}
        onClose={() => setOpened(undefined)}
        onOpenTicket={setOpened}
      />
    </div>
  );
}
