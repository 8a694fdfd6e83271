// Sends the moves made offline when the network is back (and when the board opens after a reload
// with some still waiting), one after another, and says what became of each.
import { useEffect, useRef } from "react";
import type { SalesOrder } from "../../../shared/contracts/sales.ts";
import { toast } from "../../components/toasts.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { isNetworkFailure, sendMove, useAfterChange } from "./api/order.ts";
import { type QueuedMove, type ReplayOutcome, replayQueued } from "./pending-moves.ts";
import { SALES_TEXT } from "./texts.ts";

const text = SALES_TEXT.offline;

export function useOfflineMoves(): void {
  // The latest refreshers, read when an answer comes: the listener stays the same across renders.
  const refresh = useAfterChange();
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    const after = {
      saved: (order: SalesOrder) => latest.current.saved(order),
      refused: (error: unknown, orderNumber: string) => latest.current.refused(error, orderNumber),
    };
    const send = async (move: QueuedMove): Promise<ReplayOutcome> => {
      try {
        after.saved(await sendMove(move.orderNumber, { to: move.to }, move.key));
        toast.success(text.sent(move.orderNumber, move.to));
        return "sent";
      } catch (error) {
        if (isNetworkFailure(error)) return "offline";
        after.refused(error, move.orderNumber);
        toast.error(text.refused(move.orderNumber, errorMessage(error)));
        return "refused";
      }
    };
    const replay = () => {
      if (navigator.onLine) void replayQueued(send);
    };
    replay();
    window.addEventListener("online", replay);
    return () => window.removeEventListener("online", replay);
  }, []);
}
