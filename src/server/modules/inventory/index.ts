export { toProduct } from "./catalogue-repository.ts";
export { catalogueRoutes } from "./catalogue-routes.ts";
export { createCatalogueService } from "./catalogue-service.ts";
export { mustMove } from "./record-movement.ts";
export { rollUpDailySales } from "./sales-figures.ts";
export { inventoryCatalogueRoutes, photoFileRoutes } from "./staff-routes.ts";
export { salesRecordedPartSql, stockTakenPartSql } from "./stock-parts.ts";
export { stockRoutes } from "./stock-routes.ts";
