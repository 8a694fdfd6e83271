// One schema for PGlite and PostgreSQL, one file per area; migrations are generated from all of it.
export * from "./accounts.ts";
export * from "./addresses.ts";
export * from "./bulk-orders.ts";
export * from "./carts.ts";
export * from "./catalogue.ts";
export * from "./feedback.ts";
export * from "./mail.ts";
export * from "./order-relations.ts";
export * from "./orders.ts";
export * from "./payment-events.ts";
export * from "./rate-limits.ts";
export * from "./sales.ts";
export * from "./sales-figures.ts";
export * from "./sign-in-guard.ts";
export * from "./staff.ts";
export * from "./stock.ts";
export * from "./support.ts";
