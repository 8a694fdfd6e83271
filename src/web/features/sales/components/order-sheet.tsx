import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { ORDER_STATUS_LABELS } from "../../../../shared/rules/order-status.ts";
import { formatShopDateTime } from "../../../../shared/rules/shop-time.ts";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useServerClock } from "../../staff/use-server-clock.ts";
import { useSalesOrder } from "../api/order.ts";
import { SALES_TEXT } from "../texts.ts";
import { CancelForm } from "./cancel-form.tsx";
import { OrderDetail } from "./order-detail.tsx";
import { PackForm } from "./pack-form.tsx";

export type SheetStep = "view" | "pack" | "cancel";

function titleOf(orderNumber: string, step: SheetStep) {
  if (step === "pack") return SALES_TEXT.pack.title(orderNumber);
  if (step === "cancel") return SALES_TEXT.cancel.title(orderNumber);
  return SALES_TEXT.detail.title(orderNumber);
}

/** The sheet's content once it has an order number: the order, or the step being taken on it. */
function SheetBody({
  orderNumber,
  step,
  onStep,
}: {
  orderNumber: string;
  step: SheetStep;
  onStep(step: SheetStep): void;
}) {
  const order = useSalesOrder(orderNumber);
  const now = useServerClock(order.data?.now, order.dataUpdatedAt);
  const data = order.data;
  const back = () => onStep("view");

  if (order.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={SALES_TEXT.detail.loading} />
      </div>
    );
  }
  if (!data) return <LoadError error={order.error} onRetry={() => void order.refetch()} />;
  if (step === "pack") return <PackForm order={data} onPacked={back} onBack={back} />;
  if (step === "cancel") return <CancelForm order={data} onCancelled={back} onBack={back} />;
  return (
    <OrderDetail
      order={data}
      now={now}
      onPack={() => onStep("pack")}
      onCancel={() => onStep("cancel")}
    />
  );
}

/**
 * An order's detail in a panel from the right (the whole screen on a phone), over the board:
 * focus stays inside and returns to the opener, Escape and the close button dismiss it. Packing
 * and cancelling are steps inside it, so the manager never juggles two dialogs.
 */
export function OrderSheet({
  orderNumber,
  step,
  onStep,
  onClose,
}: {
  orderNumber: string | undefined;
  step: SheetStep;
  onStep(step: SheetStep): void;
  onClose(): void;
}) {
  // Opened from a button, not a Radix trigger: remember the button so closing returns to it. Read
  // before anything inside the sheet takes the focus (the pack step focuses its first line).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (orderNumber) opener.current = document.activeElement as HTMLElement | null;
  }, [orderNumber]);
  const body = useRef<HTMLDivElement>(null);
  const order = useSalesOrder(orderNumber);
  const previousStep = useRef(step);
  // Back from a step, the reader starts again at the top of the order, not on the lost button.
  useEffect(() => {
    if (step === "view" && previousStep.current !== "view") body.current?.focus();
    previousStep.current = step;
  }, [step]);

  const description = order.data
    ? `${ORDER_STATUS_LABELS[order.data.status]} · ${SALES_TEXT.detail.placed(formatShopDateTime(order.data.placedAt))}`
    : order.isPending
      ? SALES_TEXT.detail.loading
      : "";

  return (
    <RadixDialog.Root open={Boolean(orderNumber)} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[60] bg-ink-900/40 backdrop-blur-[2px]" />
        <RadixDialog.Content
          data-testid="sales-order-sheet"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          className="fixed inset-0 z-[70] flex flex-col bg-cream-50 shadow-card sm:left-auto sm:w-full sm:max-w-xl sm:rounded-l-3xl"
        >
          <div className="flex items-start justify-between gap-4 border-b border-cream-200 px-5 py-4 sm:px-6">
            <div className="min-w-0">
              <RadixDialog.Title className="font-display text-2xl font-bold text-ink-900">
                {orderNumber ? titleOf(orderNumber, step) : ""}
              </RadixDialog.Title>
              <RadixDialog.Description className="mt-1 text-sm text-ink-500">
                {description}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close
              className="rounded-full p-2 text-ink-500 hover:bg-brand-50 hover:text-brand-700"
              aria-label={SALES_TEXT.close}
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          <div
            ref={body}
            tabIndex={-1}
            className="flex-1 overflow-y-auto px-5 py-5 focus:outline-none sm:px-6"
          >
            {orderNumber && <SheetBody orderNumber={orderNumber} step={step} onStep={onStep} />}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
