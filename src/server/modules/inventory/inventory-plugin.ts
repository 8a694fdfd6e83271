import type { App } from "../../http/types.ts";
import { bulkProductRoutes } from "./bulk-product-routes.ts";
import { catalogueRoutes } from "./catalogue-routes.ts";
import type { CatalogueService } from "./catalogue-service.ts";
import { inventoryCatalogueRoutes, photoFileRoutes } from "./staff-routes.ts";
import { stockRoutes } from "./stock-routes.ts";

type Options = Omit<Parameters<typeof stockRoutes>[1], "changed"> & {
  photoDir: string;
  catalogue: CatalogueService;
  /** The lane that answers the catalogue while the store is busy (ready-answers.ts). */
  readyAnswers: Parameters<typeof catalogueRoutes>[2];
};

/** The shop's catalogue, the inventory dashboard's products and stock ledger, product photos. */
export async function inventoryPlugin(app: App, options: Options) {
  const { catalogue, readyAnswers, ...rest } = options;
  catalogueRoutes(app, catalogue, readyAnswers);
  const inventory = { ...rest, changed: catalogue.invalidate };
  inventoryCatalogueRoutes(app, inventory);
  bulkProductRoutes(app, inventory);
  stockRoutes(app, inventory);
  photoFileRoutes(app, options.photoDir);
}
