import { CUSTOMER_RELATIONS_API } from "../../../../shared/contracts/support-inbox.ts";
import type { PresenceBeat } from "../../../../shared/contracts/ticket-presence.ts";
import { api } from "../../../lib/api-client.ts";

/** This window is on the ticket (or writing to it, or has left it): told to the other desks. */
export const beatPresence = (reference: string, beat: PresenceBeat) =>
  api.post<null>(
    `${CUSTOMER_RELATIONS_API}/tickets/${encodeURIComponent(reference)}/presence`,
    beat,
  );
