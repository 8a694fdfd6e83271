import { z } from "zod";

import {
  categoryListSchema,
  productListQuerySchema,
  productListSchema,
  productParamsSchema,
  productSchema,
} from "../../../shared/contracts/catalogue.ts";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { REVALIDATED_JSON, sendCachedJson } from "../../http/cached-body.ts";
import type { ReadyAnswers } from "../../http/ready-answers.ts";
import type { App } from "../../http/types.ts";
import type { CatalogueService } from "./catalogue-service.ts";

export function catalogueRoutes(app: App, catalogue: CatalogueService, ready: ReadyAnswers) {
  app.get(
    "/api/products",
    {
      config: { customer: "anyone" },
      schema: {
        tags: ["catalogue"],
        summary: "List products, filtered like the shop page",
        querystring: productListQuerySchema,
        response: { 200: productListSchema, 304: z.null(), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const answer = await catalogue.listProducts(request.query);
      // Nothing but the address decides the list, so it can be answered before the app.
      ready.keep(request, REVALIDATED_JSON, catalogue.readyList(request.query));
      return sendCachedJson(request, reply, answer);
    },
  );

  app.get(
    "/api/products/:id",
    {
      config: { customer: "anyone" },
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
      config: { customer: "anyone" },
      schema: {
        tags: ["catalogue"],
        summary: "The shop's categories",
        response: { 200: categoryListSchema },
      },
    },
    async () => ({ categories: await catalogue.listCategories() }),
  );
}
