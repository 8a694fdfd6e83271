import { useEffect, useRef } from "react";
import { formatShopDateTime } from "../../../../shared/rules/shop-time.ts";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { SideSheet } from "../../staff/ui/side-sheet.tsx";
import { useServerClock } from "../../staff/use-server-clock.ts";
import { useSalesOrder } from "../api/order.ts";
import { SALES_TEXT } from "../texts.ts";
import { CancelForm } from "./cancel-form.tsx";
import { OrderDetail } from "./order-detail.tsx";
import { PackForm } from "./pack-form.tsx";
import { RefundForm } from "./refund-form.tsx";

export type SheetStep = "view" | "pack" | "cancel" | "refund";

function titleOf(orderNumber: string, step: SheetStep) {
  if (step === "pack") return SALES_TEXT.pack.title(orderNumber);
  if (step === "cancel") return SALES_TEXT.cancel.title(orderNumber);
  if (step === "refund") return SALES_TEXT.refund.title(orderNumber);
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
  if (step === "refund" && data.afterDelivery) {
    return <RefundForm order={data} onRefunded={back} onBack={back} />;
  }
  return (
    <OrderDetail
      order={data}
      now={now}
      onPack={() => onStep("pack")}
      onCancel={() => onStep("cancel")}
      onRefund={() => onStep("refund")}
    />
  );
}

/**
 * An order's detail in a panel from the right (the whole screen on a phone), over the board.
 * Packing and cancelling are steps inside it, so the manager never juggles two dialogs.
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
  const body = useRef<HTMLDivElement>(null);
  const order = useSalesOrder(orderNumber);
  const previousStep = useRef(step);
  // Back from a step, the reader starts again at the top of the order, not on the lost button.
  useEffect(() => {
    if (step === "view" && previousStep.current !== "view") body.current?.focus();
    previousStep.current = step;
  }, [step]);

  // The status is the first thing the panel shows: the subtitle says only when it was placed.
  const description = order.data
    ? SALES_TEXT.detail.placed(formatShopDateTime(order.data.placedAt))
    : order.isPending
      ? SALES_TEXT.detail.loading
      : "";

  return (
    <SideSheet
      open={Boolean(orderNumber)}
      title={orderNumber ? titleOf(orderNumber, step) : ""}
      description={description}
      closeLabel={SALES_TEXT.close}
      onClose={onClose}
      testId="sales-order-sheet"
      bodyRef={body}
    >
      {orderNumber && <SheetBody orderNumber={orderNumber} step={step} onStep={onStep} />}
    </SideSheet>
  );
}
