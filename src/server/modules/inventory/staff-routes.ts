import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import {
  archiveProductSchema,
  createProductSchema,
  csvImportApplySchema,
  csvImportPreviewSchema,
  csvImportRequestSchema,
  csvImportResultSchema,
  inventoryProductListQuerySchema,
  inventoryProductListSchema,
  inventoryProductParamsSchema,
  inventoryProductSchema,
  productPhotoResultSchema,
  updateProductSchema,
} from "../../../shared/contracts/inventory.ts";
import { shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from "../../../shared/rules/product-photo.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { toErrorBody } from "../../http/error-handler.ts";
import type { App } from "../../http/types.ts";
import {
  applyCatalogueImport,
  exportCatalogueCsv,
  previewCatalogueImport,
} from "./catalogue-csv.ts";
import { createProduct, setArchived, updateProduct } from "./edit-product.ts";
import { listInventoryProducts, readInventoryProduct } from "./inventory-products.ts";
import {
  INVENTORY_BASE as BASE,
  inventoryErrors as errors,
  inventoryAccess as staff,
  inventoryTags as tags,
} from "./inventory-route-options.ts";
import { readPhotoFile, removeProductPhoto, setProductPhoto } from "./product-photos.ts";

export type InventoryCatalogueDeps = {
  db: Database;
  photoDir: string;
  /** Drops this instance's catalogue cache so the shop shows a change at once. */
  changed: () => void;
};

/** A CSV import is far bigger than any other staff body. */
const CSV_BODY_LIMIT = 1_200_000;
/** The photo route's body limit: the file plus nothing. */
const PHOTO_BODY_LIMIT = PHOTO_MAX_BYTES;

/** An oversized upload is refused before it is read; say so in the photo's own words. */
function photoErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    return reply.status(413).send({ code: "PAYLOAD_TOO_LARGE", message: PHOTO_MESSAGES.tooLarge });
  }
  const { status, body } = toErrorBody(error);
  if (status >= 500) request.log.error({ err: error }, "request failed");
  return reply.status(status).send(body);
}

/** The inventory manager's catalogue: products, photos and CSV (stock is in modules/stock). */
export function inventoryCatalogueRoutes(app: App, deps: InventoryCatalogueDeps) {
  const { db } = deps;

  app.get(
    `${BASE}/products`,
    {
      config: staff,
      schema: {
        tags,
        summary: "The product table: search, category, sort by stock, cover or sales, low only",
        querystring: inventoryProductListQuerySchema,
        response: { 200: inventoryProductListSchema, ...errors },
      },
    },
    async (request) => listInventoryProducts(db, request.query),
  );

  app.get(
    `${BASE}/products/:id`,
    {
      config: staff,
      schema: {
        tags,
        summary: "One product as the inventory manager sees it (archived ones too)",
        params: inventoryProductParamsSchema,
        response: { 200: inventoryProductSchema, ...errors },
      },
    },
    async (request) => readInventoryProduct(db, request.params.id),
  );

  app.post(
    `${BASE}/products`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Add a product (its id is a unique slug of its name; it starts with no stock)",
        body: createProductSchema,
        response: { 201: inventoryProductSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createProduct(deps, request, request.body)),
  );

  app.put(
    `${BASE}/products/:id`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Edit a product; a save over an older version is refused (409)",
        params: inventoryProductParamsSchema,
        body: updateProductSchema,
        response: { 200: inventoryProductSchema, ...errors },
      },
    },
    async (request) => updateProduct(deps, request, request.params.id, request.body),
  );

  for (const [action, archived] of [
    ["archive", true],
    ["restore", false],
  ] as const) {
    app.post(
      `${BASE}/products/:id/${action}`,
      {
        config: staff,
        schema: {
          tags,
          summary: archived
            ? "Archive a product: it leaves the shop at once, past orders keep it"
            : "Restore an archived product to the shop",
          params: inventoryProductParamsSchema,
          body: archiveProductSchema.nullish(),
          response: { 200: inventoryProductSchema, ...errors },
        },
      },
      async (request) =>
        setArchived(deps, request, request.params.id, archived, request.body?.version),
    );
  }

  // The one route that takes bytes: its own parsers, in its own scope, nowhere else.
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    scope.put(
      `${BASE}/products/:id/photo`,
      {
        config: staff,
        bodyLimit: PHOTO_BODY_LIMIT,
        errorHandler: photoErrors,
        schema: {
          tags,
          summary: "Upload a product photo: the file's raw bytes (JPEG, PNG or WebP, at most 5 MB)",
          params: inventoryProductParamsSchema,
          response: {
            200: productPhotoResultSchema,
            413: errorBodySchema,
            415: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request) => ({
        product: await setProductPhoto(deps, request, request.params.id, request.body),
      }),
    );
  });

  app.delete(
    `${BASE}/products/:id/photo`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Remove the uploaded photo: the product shows its shipped image again",
        params: inventoryProductParamsSchema,
        response: { 200: productPhotoResultSchema, ...errors },
      },
    },
    async (request) => ({ product: await removeProductPhoto(deps, request, request.params.id) }),
  );

  app.get(
    `${BASE}/export.csv`,
    {
      config: staff,
      schema: {
        tags,
        summary: "The catalogue with stock as CSV (prices in rupees)",
        response: { 200: z.string(), ...errors },
      },
    },
    async (_request, reply) =>
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="catalogue-${shopDate(new Date())}.csv"`,
        )
        .header("cache-control", "no-store")
        .send(await exportCatalogueCsv(db)),
  );

  app.post(
    `${BASE}/import/preview`,
    {
      config: staff,
      bodyLimit: CSV_BODY_LIMIT,
      schema: {
        tags,
        summary: "What a CSV of prices (rupees) and counted stock would change, row by row",
        body: csvImportRequestSchema,
        response: { 200: csvImportPreviewSchema, ...errors },
      },
    },
    async (request) => previewCatalogueImport(db, request.body.csv),
  );

  app.post(
    `${BASE}/import/apply`,
    {
      config: staff,
      bodyLimit: CSV_BODY_LIMIT,
      schema: {
        tags,
        summary: "Apply a previewed CSV: all rows or none",
        body: csvImportApplySchema,
        response: { 200: csvImportResultSchema, ...errors },
      },
    },
    async (request) =>
      applyCatalogueImport(
        deps,
        request,
        request.body.csv,
        request.body.token,
        request.body.confirmLargePriceChanges,
      ),
  );
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Uploaded photos: named by content hash, so cached for a year. */
export function photoFileRoutes(app: App, photoDir: string) {
  app.get(
    "/photos/:name",
    {
      schema: {
        tags: ["catalogue"],
        summary: "An uploaded product photo (WebP)",
        params: z.object({ name: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const bytes = await readPhotoFile(photoDir, request.params.name);
      if (!bytes) throw new AppError("NOT_FOUND", "No such photo");
      return reply
        .header("content-type", "image/webp")
        .header("cache-control", IMMUTABLE)
        .header("x-content-type-options", "nosniff")
        .send(bytes);
    },
  );
}
