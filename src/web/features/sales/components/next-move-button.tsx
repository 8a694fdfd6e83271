import {
  IRREVERSIBLE_MOVES,
  MOVE_LABELS,
  nextMove,
  UNDO_SECONDS,
} from "../../../../shared/rules/order-fulfilment.ts";
import type { OrderStatus } from "../../../../shared/rules/order-status.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button, type ButtonStyle } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { isNetworkFailure, useMoveOrder } from "../api/order.ts";
import { holdMove, queueMove, undoMove, useHeldMove, useQueuedMove } from "../pending-moves.ts";
import { SALES_TEXT } from "../texts.ts";

/**
 * The one forward step an order can take now ("Confirm", "Mark packed", ...). Packing opens the
 * pack step instead, where lines can be packed short. A move that cannot be taken back (leaving
 * the store, delivery) is held for a few seconds first: the button becomes its Undo. A refusal
 * (the order moved elsewhere first) is shown with the server's words; the board and the order
 * refetch by themselves. Offline (or when the store cannot be reached), the move is queued under
 * its key and says so in the button's place until it is sent.
 */
export function NextMoveButton({
  orderNumber,
  status,
  onPack,
  onRefused,
  onLastMove,
  size = "sm",
}: {
  orderNumber: string;
  status: OrderStatus;
  onPack(): void;
  /** Where to say a refusal; a toast when not given. */
  onRefused?(message: string): void;
  /** After the last move, when this button goes away with focus on it. */
  onLastMove?(): void;
  size?: ButtonStyle["size"];
}) {
  const move = useMoveOrder();
  const heldMove = useHeldMove(orderNumber);
  const queued = useQueuedMove(orderNumber);
  const next = nextMove(status);
  if (queued) {
    return (
      <p
        role="status"
        data-testid="sales-offline-move"
        className="max-w-48 text-right text-xs font-semibold text-saffron-800"
      >
        {SALES_TEXT.offline.note}
      </p>
    );
  }
  if (!next) return null;

  const send = async () => {
    // One key per press: if the network drops after the move arrived, sending it again under
    // the same key is answered, not made a second time.
    const key = crypto.randomUUID();
    if (!navigator.onLine) {
      queueMove({ orderNumber, to: next, key });
      return;
    }
    try {
      await move.mutateAsync({ orderNumber, move: { to: next }, key });
      toast.success(SALES_TEXT.move.done(orderNumber, next));
      if (!nextMove(next)) onLastMove?.();
    } catch (error) {
      if (isNetworkFailure(error)) {
        queueMove({ orderNumber, to: next, key });
        return;
      }
      if (onRefused) onRefused(errorMessage(error));
      else toast.error(errorMessage(error));
    }
  };

  const onClick = async () => {
    if (next === "packed") {
      onPack();
      return;
    }
    onRefused?.("");
    if (!IRREVERSIBLE_MOVES.includes(next)) {
      await send();
      return;
    }
    if (holdMove(orderNumber, next, UNDO_SECONDS, send)) {
      toast.info(SALES_TEXT.move.held(orderNumber, next, UNDO_SECONDS), {
        duration: UNDO_SECONDS * 1000,
        action: {
          label: SALES_TEXT.move.undo,
          onClick: () => {
            if (undoMove(orderNumber)) toast.info(SALES_TEXT.move.undone(orderNumber));
          },
        },
      });
    }
  };

  if (heldMove) {
    return (
      <Button
        size={size}
        variant="outline"
        onClick={() => {
          if (undoMove(orderNumber)) toast.info(SALES_TEXT.move.undone(orderNumber));
        }}
        className="whitespace-nowrap"
      >
        {SALES_TEXT.move.undo}
        <span className="sr-only">{SALES_TEXT.move.undoFor(orderNumber, heldMove)}</span>
      </Button>
    );
  }

  return (
    <Button
      size={size}
      variant={next === "delivered" ? "outline" : "primary"}
      disabled={move.isPending}
      onClick={onClick}
      className="whitespace-nowrap"
    >
      {move.isPending ? SALES_TEXT.move.moving : MOVE_LABELS[next]}
      <span className="sr-only">{SALES_TEXT.move.forOrder(orderNumber)}</span>
    </Button>
  );
}
