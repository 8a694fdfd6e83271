export { capturedFromCheckout, paymentReportOf } from "./checkout-answer.ts";
export { checkoutSessionFor, type PaymentHold, paymentHold } from "./checkout-session.ts";
export { gatewayFor, refuseTestGatewayInRealStore } from "./gateway-choice.ts";
export { type PaymentGateway, type ProviderOrder, ProviderUnavailable } from "./payment-gateway.ts";
export {
  type AwaitedPayment,
  alreadyCounted,
  type CapturedPayment,
  type IntakeDeps,
  type IntakeOutcome,
  type PaymentIntake,
  type PaymentOwner,
  paidBy,
  refundUnwanted,
} from "./payment-intake.ts";
export {
  cancelPendingBulkPayments,
  cashDueLowered,
  cashPaidOnDelivery,
  failUnpaidOrderPayments,
  markPaymentPaid,
  paymentTakenSql,
  paymentToCashSql,
  placedPaymentSql,
  recordPayment,
  setBulkCashDue,
} from "./payment-records.ts";
export { paymentsPlugin } from "./payments-plugin.ts";
export { paymentsPersonalData } from "./personal-data.ts";
export { reconcilePayments } from "./reconcile.ts";
export { owe, payRefunds } from "./refunds.ts";
export { isTestGateway } from "./test-gateway.ts";
export { prunePaymentEvents } from "./webhook-routes.ts";
