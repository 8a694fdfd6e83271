import { eq, sql } from "drizzle-orm";
import {
  canMoveOrder,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from "../../../shared/rules/order-status.ts";
import type { Database } from "../../db/client.ts";
import { orderLines, orders, payments, products } from "../../db/schema/index.ts";
import { AppError } from "../../http/app-error.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";

const STAMP = {
  confirmed: "confirmedAt",
  packed: "packedAt",
  out_for_delivery: "outForDeliveryAt",
  delivered: "deliveredAt",
  cancelled: "cancelledAt",
} as const;

/**
 * Moves an order one step along its life, stamping the time. Cancelling returns its stock and
 * refunds a paid order; delivering a cash order marks it paid.
 */
export async function moveOrder(
  deps: { db: Database; gateway: PaymentGateway },
  orderNumber: string,
  to: Exclude<OrderStatus, "placed">,
) {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, orderNumber))
      .for("update");
    if (!order) throw new AppError("NOT_FOUND", `No order ${orderNumber}`);
    const from = order.status as OrderStatus;
    if (!canMoveOrder(from, to)) {
      throw new AppError(
        "CONFLICT",
        `Order ${orderNumber} is ${ORDER_STATUS_LABELS[from].toLowerCase()} and cannot become ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
      );
    }
    let paymentStatus = order.paymentStatus;
    if (to === "cancelled") {
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      for (const line of lines) {
        await tx
          .update(products)
          .set({ stock: sql`${products.stock} + ${line.quantity}`, updatedAt: sql`now()` })
          .where(eq(products.id, line.productId));
      }
      if (order.paymentStatus === "paid") {
        const [payment] = await tx.select().from(payments).where(eq(payments.orderId, order.id));
        if (payment?.transactionId)
          await deps.gateway.refund(payment.transactionId, order.totalPaise);
        paymentStatus = "refunded";
      } else {
        paymentStatus = "failed";
      }
    }
    if (to === "delivered" && order.paymentMethod === "cash") paymentStatus = "paid";
    await tx
      .update(payments)
      .set({ status: paymentStatus, updatedAt: sql`now()` })
      .where(eq(payments.orderId, order.id));
    const [moved] = await tx
      .update(orders)
      .set({ status: to, paymentStatus, [STAMP[to]]: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning();
    return moved!;
  });
}
