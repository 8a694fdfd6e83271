export { toProduct } from "./catalogue-repository.ts";
export { createCatalogueService } from "./catalogue-service.ts";
export { inventoryWaiting } from "./inventory-alerts.ts";
export { inventoryPlugin } from "./inventory-plugin.ts";
export { lotFactsOf, readLotFacts } from "./lot-facts.ts";
export { readLotsTakenBy } from "./lots-taken.ts";
export { mustMove } from "./record-movement.ts";
export { rollUpDailySales } from "./sales-figures.ts";
export { salesRecordedPartSql, sellableStockSql, stockTakenPartSql } from "./stock-parts.ts";
