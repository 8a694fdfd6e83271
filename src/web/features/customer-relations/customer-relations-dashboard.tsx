// The Customer Relations dashboard (/admin/dashboard/3): loaded lazily by the staff shell, so none
// of it reaches the storefront. The inbox comes first: every customer is owed a reply within the
// promised hours.

import { useStaffEvents } from "../staff/api/staff-events.ts";
import { RELATIONS_LIVE_KEYS } from "./api/query-keys.ts";
import { SupportInbox } from "./components/support-inbox.tsx";

export function CustomerRelationsDashboard() {
  useStaffEvents(RELATIONS_LIVE_KEYS);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <SupportInbox />
    </div>
  );
}
