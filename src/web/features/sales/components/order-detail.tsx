import { Ban, Printer, Undo2 } from "lucide-react";
import { useState } from "react";
import { PAYMENT_METHOD_LABELS } from "../../../../shared/contracts/checkout.ts";
import type { SalesOrder } from "../../../../shared/contracts/sales.ts";
import { anythingLeftToRefund } from "../../../../shared/rules/delivered-refund.ts";
import { CANCEL_REASON_LABELS, CANCELLABLE } from "../../../../shared/rules/order-fulfilment.ts";
import { PAYMENT_STATUS_LABELS } from "../../../../shared/rules/order-status.ts";
import { Button, ButtonLink } from "../../../components/ui/button.tsx";
import { ShopperLanguage } from "../../staff/ui/shopper-language.tsx";
import { packingSlipPath } from "../paths.ts";
import { SALES_TEXT } from "../texts.ts";
import { RefusalNote } from "./alert-note.tsx";
import { DeliveredRefunds } from "./delivered-refunds.tsx";
import { DetailSection, Fact } from "./detail-section.tsx";
import { NextMoveButton } from "./next-move-button.tsx";
import { OrderStatusBadge, PaymentBadges } from "./order-badges.tsx";
import { OrderDocuments } from "./order-documents.tsx";
import { OrderLines } from "./order-lines.tsx";
import { OrderTimeline } from "./order-timeline.tsx";
import { PromiseAge } from "./promise-age.tsx";

const text = SALES_TEXT.detail;

function Actions({
  order,
  onPack,
  onCancel,
  onRefund,
}: {
  order: SalesOrder;
  onPack(): void;
  onCancel(): void;
  onRefund(): void;
}) {
  const canRefund = order.afterDelivery
    ? anythingLeftToRefund(order.afterDelivery.refundable)
    : false;
  const [refusal, setRefusal] = useState("");
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <NextMoveButton
          size="md"
          orderNumber={order.orderNumber}
          status={order.status}
          onPack={onPack}
          onRefused={setRefusal}
        />
        {CANCELLABLE.includes(order.status) && (
          <Button variant="danger" onClick={onCancel}>
            <Ban aria-hidden="true" className="h-4 w-4" /> {text.cancel}
          </Button>
        )}
        {canRefund && (
          <Button variant="outline" onClick={onRefund}>
            <Undo2 aria-hidden="true" className="h-4 w-4" /> {SALES_TEXT.refund.open}
          </Button>
        )}
        <ButtonLink variant="outline" to={packingSlipPath(order.orderNumber)}>
          <Printer aria-hidden="true" className="h-4 w-4" /> {text.packingSlip}
        </ButtonLink>
      </div>
      {refusal && <RefusalNote>{refusal}</RefusalNote>}
    </div>
  );
}

function Customer({ order }: { order: SalesOrder }) {
  return (
    <DetailSection title={text.customer}>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Fact term={text.name}>{order.customerName}</Fact>
        <Fact term={text.language}>
          <ShopperLanguage locale={order.locale} />
        </Fact>
        <Fact term={text.phone}>
          <a href={`tel:${order.phone.replaceAll(" ", "")}`} className="text-brand-700 underline">
            {order.phone}
          </a>
        </Fact>
        <Fact term={text.email} wide>
          <a href={`mailto:${order.email}`} className="text-brand-700 underline">
            {order.email}
          </a>
        </Fact>
        <Fact term={text.address} wide>
          {order.address}, {order.city}, {order.state}
        </Fact>
        <Fact term={text.pincode}>{order.pincode}</Fact>
        <Fact term={text.notes} wide>
          <span className="whitespace-pre-line font-normal">{order.notes || text.noNotes}</span>
        </Fact>
      </dl>
    </DetailSection>
  );
}

function Payment({ order }: { order: SalesOrder }) {
  const { payment } = order;
  return (
    <DetailSection title={text.payment}>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Fact term={text.method}>{PAYMENT_METHOD_LABELS[payment.method]}</Fact>
        <Fact term={text.status}>{PAYMENT_STATUS_LABELS[payment.status]}</Fact>
        <Fact term={text.instrument}>{payment.instrument || text.none}</Fact>
        <Fact term={text.reference}>
          <span className="break-all font-mono text-xs">{payment.reference ?? text.none}</span>
        </Fact>
      </dl>
    </DetailSection>
  );
}

/** One order in full, with the steps it can take next. */
export function OrderDetail({
  order,
  now,
  onPack,
  onCancel,
  onRefund,
}: {
  order: SalesOrder;
  /** The server's clock, ticking. */
  now: Date;
  onPack(): void;
  onCancel(): void;
  onRefund(): void;
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <OrderStatusBadge status={order.status} />
        <PromiseAge order={order} now={now} />
        <PaymentBadges method={order.payment.method} status={order.payment.status} />
      </div>
      {order.status === "cancelled" && order.cancelReason && (
        <p className="rounded-2xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <span className="font-semibold">
            {text.cancelled}: {CANCEL_REASON_LABELS[order.cancelReason]}
          </span>
          {order.cancelNote && <span className="block">{order.cancelNote}</span>}
        </p>
      )}
      <Actions order={order} onPack={onPack} onCancel={onCancel} onRefund={onRefund} />
      <OrderLines order={order} />
      <Customer order={order} />
      <Payment order={order} />
      {order.afterDelivery && order.afterDelivery.refunds.length > 0 && (
        <DeliveredRefunds refunds={order.afterDelivery.refunds} />
      )}
      <OrderDocuments order={order} />
      <OrderTimeline entries={order.timeline} />
    </div>
  );
}
