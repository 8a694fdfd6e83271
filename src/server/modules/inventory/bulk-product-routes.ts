import {
  BULK_PRODUCTS_MAX,
  bulkArchiveSchema,
  bulkCategorySchema,
  bulkPriceSchema,
  bulkProductResultSchema,
} from "../../../shared/contracts/inventory-bulk.ts";
import { idempotencyHeaders } from "../../http/idempotency-header.ts";
import type { App } from "../../http/types.ts";
import { runBulkProducts } from "./bulk-products.ts";
import type { EditDeps } from "./edit-product.ts";
import {
  INVENTORY_BASE as BASE,
  inventoryErrors as errors,
  inventoryAccess as staff,
  inventoryTags as tags,
} from "./inventory-route-options.ts";

const ONCE =
  "Send a new random Idempotency-Key per attempt; the same key again returns the first answer and changes nothing more.";
const ALL_OR_NONE = `Names up to ${BULK_PRODUCTS_MAX} products, each with the version the manager saw: all change or none, and a product changed since is named in the 409.`;

const response = { 200: bulkProductResultSchema, ...errors };

/** The product table's bulk actions: one route per action, each all-or-nothing. */
export function bulkProductRoutes(app: App, deps: EditDeps) {
  for (const action of ["archive", "restore"] as const) {
    app.post(
      `${BASE}/products/bulk/${action}`,
      {
        config: staff,
        schema: {
          tags,
          summary:
            action === "archive"
              ? "Archive several products: they leave the shop at once"
              : "Restore several archived products to the shop",
          description: `${ALL_OR_NONE} ${ONCE}`,
          headers: idempotencyHeaders,
          body: bulkArchiveSchema,
          response,
        },
      },
      async (request, reply) => {
        const result = await runBulkProducts(
          deps,
          request,
          { action, ...request.body },
          request.headers["idempotency-key"],
        );
        return reply.code(result.status as 200).send(result.body as never);
      },
    );
  }

  app.post(
    `${BASE}/products/bulk/category`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Move several products to one category",
        description: `${ALL_OR_NONE} ${ONCE}`,
        headers: idempotencyHeaders,
        body: bulkCategorySchema,
        response,
      },
    },
    async (request, reply) => {
      const result = await runBulkProducts(
        deps,
        request,
        { action: "category", ...request.body },
        request.headers["idempotency-key"],
      );
      return reply.code(result.status as 200).send(result.body as never);
    },
  );

  app.post(
    `${BASE}/products/bulk/price`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Change several prices by one percentage, rounded to the paisa",
        description: `${ALL_OR_NONE} More than half up or down needs confirmLargeChange. ${ONCE}`,
        headers: idempotencyHeaders,
        body: bulkPriceSchema,
        response,
      },
    },
    async (request, reply) => {
      const result = await runBulkProducts(
        deps,
        request,
        { action: "price", ...request.body },
        request.headers["idempotency-key"],
      );
      return reply.code(result.status as 200).send(result.body as never);
    },
  );
}
