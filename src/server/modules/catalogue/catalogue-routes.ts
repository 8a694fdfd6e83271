import { z } from "zod";

import {
  categoryListSchema,
  productListQuerySchema,
  productListSchema,
  productParamsSchema,
  productSchema,
} from "../../../shared/contracts/catalogue.ts";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { sendCachedJson } from "../../http/cached-body.ts";
import type { App } from "../../http/types.ts";
import type { CatalogueService } from "./catalogue-service.ts";

export function catalogueRoutes(app: App, catalogue: CatalogueService) {
  app.get(
    "/api/products",
    {
      schema: {
        tags: ["catalogue"],
        summary: "List products, filtered like the shop page",
        querystring: productListQuerySchema,
        response: { 200: productListSchema, 304: z.null(), 400: errorBodySchema },
      },
    },
    async (request, reply) =>
      sendCachedJson(request, reply, await catalogue.listProducts(request.query)),
  );

  app.get(
    "/api/products/:id",
    {
      schema: {
        tags: ["catalogue"],
        summary: "One product",
        params: productParamsSchema,
        response: { 200: productSchema, 404: errorBodySchema },
      },
    },
    async (request) => catalogue.getProduct(request.params.id),
  );

  app.get(
    "/api/categories",
    {
      schema: {
        tags: ["catalogue"],
        summary: "The shop's categories",
        response: { 200: categoryListSchema },
      },
    },
    async () => ({ categories: await catalogue.listCategories() }),
  );
}
