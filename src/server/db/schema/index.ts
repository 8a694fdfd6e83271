// The registry of every table, for the database client, the seed and the tests: each module
// declares its own tables in its schema.ts; migrations are generated from all of them.
export * from "../../modules/addresses/schema.ts";
export * from "../../modules/alerts/schema.ts";
export * from "../../modules/auth/schema.ts";
export * from "../../modules/bulk-orders/schema.ts";
export * from "../../modules/cart/schema.ts";
export * from "../../modules/checkout/schema.ts";
export * from "../../modules/fulfilment/schema.ts";
export * from "../../modules/idempotency/schema.ts";
export * from "../../modules/inventory/schema.ts";
export * from "../../modules/invoices/schema.ts";
export * from "../../modules/mail/schema.ts";
export * from "../../modules/orders/schema.ts";
export * from "../../modules/payments/schema.ts";
export * from "../../modules/staff/schema.ts";
export * from "../../modules/support/schema.ts";
export * from "./order-relations.ts";
export * from "./rate-limits.ts";
