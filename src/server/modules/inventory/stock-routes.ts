import { z } from "zod";
import {
  checkLotSchema,
  expiredLotListSchema,
  inventoryProductParamsSchema,
  inventorySummarySchema,
  stockLedgerQuerySchema,
  stockLedgerSchema,
  stockLotListSchema,
  stockLotParamsSchema,
  stockLotSchema,
  stockMovementRequestSchema,
  stockMovementResultSchema,
} from "../../../shared/contracts/inventory.ts";
import type { FiguresSource } from "../../db/read-replica.ts";
import type { App } from "../../http/types.ts";
import { readProductRow } from "./inventory-products.ts";
import {
  INVENTORY_BASE as BASE,
  inventoryErrors as errors,
  inventoryAccess as staff,
  inventoryTags as tags,
} from "./inventory-route-options.ts";
import { inventorySummary } from "./inventory-summary.ts";
import { recordStockMovement, type StockDeps } from "./record-stock-movement.ts";
import { readLedger } from "./stock-ledger.ts";
import { checkLot, readExpiredLots, readLots } from "./stock-lots.ts";

/** Figures, stock movements, the ledger and the lots for the inventory dashboard. */
export function stockRoutes(app: App, deps: StockDeps & { figures: FiguresSource }) {
  app.get(
    `${BASE}/summary`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Figures: products in stock, low and out; stock value; units sold (India days)",
        response: { 200: inventorySummarySchema, ...errors },
      },
    },
    async () => inventorySummary(await deps.figures()),
  );

  app.post(
    `${BASE}/products/:id/movements`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Receive stock, write some off or record a count; never below zero (409)",
        params: inventoryProductParamsSchema,
        body: stockMovementRequestSchema,
        response: { 201: stockMovementResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordStockMovement(deps, request, request.params.id, request.body)),
  );

  app.get(
    `${BASE}/products/:id/movements`,
    {
      config: staff,
      schema: {
        tags,
        summary: "A product's stock ledger, newest first (pass nextCursor for older rows)",
        params: inventoryProductParamsSchema,
        querystring: stockLedgerQuerySchema,
        response: { 200: stockLedgerSchema, ...errors },
      },
    },
    async (request) => {
      await readProductRow(deps.db, request.params.id);
      return readLedger(deps.db, request.params.id, request.query);
    },
  );

  app.get(
    `${BASE}/products/:id/lots`,
    {
      config: staff,
      schema: {
        tags,
        summary: "A product's lots with stock left, in the order sales take them (oldest first)",
        params: inventoryProductParamsSchema,
        response: { 200: stockLotListSchema, ...errors },
      },
    },
    async (request) => {
      await readProductRow(deps.db, request.params.id);
      return readLots(deps.db, request.params.id);
    },
  );

  app.get(
    `${BASE}/lots/expired`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Lots past their best-before date with stock left: not sold until checked",
        response: { 200: expiredLotListSchema, ...errors },
      },
    },
    async () => readExpiredLots(deps.db),
  );

  app.post(
    `${BASE}/lots/:lotId/check`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Mark a lot past its best-before date as checked: fit to sell again (audited)",
        params: stockLotParamsSchema,
        body: checkLotSchema,
        response: { 200: z.object({ lot: stockLotSchema }), ...errors },
      },
    },
    async (request) => checkLot(deps, request, request.params.lotId, request.body.note),
  );
}
