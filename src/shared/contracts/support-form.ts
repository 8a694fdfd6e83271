// The contact form's fields as the page shows them: its query types, messages and limits. Apart
// from the schema (support.ts), so a page can draw the form without loading zod.
import { FORMAT_MESSAGES } from "../rules/formats.ts";

export const QUERY_TYPES = [
  "order_status",
  "product_inquiry",
  "refund_request",
  "shipping_issue",
  "feedback",
  "bulk_order",
  "others",
] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

export const QUERY_TYPE_LABELS: Record<QueryType, string> = {
  order_status: /*i18n*/ "Order Status",
  product_inquiry: /*i18n*/ "Product Inquiry",
  refund_request: /*i18n*/ "Refund Request",
  shipping_issue: /*i18n*/ "Shipping Issue",
  feedback: /*i18n*/ "Feedback",
  bulk_order: /*i18n*/ "Bulk Order",
  others: /*i18n*/ "Others",
};

/** The spec's message for anything missing, then our own for wrong formats. */
export const SUPPORT_MESSAGES = {
  required: FORMAT_MESSAGES.required,
  email: FORMAT_MESSAGES.email,
  phone: FORMAT_MESSAGES.mobile,
  orderNumber:
    /*i18n*/ "Please enter an order number like FHH-123456 or a bulk ticket like BOR-123456-1234",
} as const;

export const SUPPORT_LIMITS = { name: 100, email: 254, message: 2000 } as const;
