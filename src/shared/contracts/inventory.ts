// The inventory manager's API (/api/staff/inventory/...). Money is integer paise; GST rates are
// basis points (500 is 5%). The product form takes the price in paise: the page turns what the
// manager types in rupees into paise with `rupeesTextToPaise` and shows `PRODUCT_FORM_MESSAGES.priceFormat`
// when it cannot, then validates with the same `productFormSchema` the route parses again.
import { z } from "zod";
import { CATEGORY_IDS, PRODUCT_UNITS } from "../catalogue.ts";
import { isCalendarDate, shopDate } from "../rules/bulk-delivery-date.ts";
import { HSN_CODE_MESSAGE, isHsnCode } from "../rules/hsn-code.ts";
import { maxPerOrder } from "../rules/measure.ts";
import {
  GST_RATES_BPS,
  PRODUCT_FORM_LIMITS,
  PRODUCT_FORM_MESSAGES,
} from "../rules/product-form.ts";
import {
  EARLIEST_HARVEST_DATE,
  LOT_SOURCES,
  MAX_MOVEMENT_QUANTITY,
  STOCK_MESSAGES,
  STOCK_MOVEMENT_KINDS,
  WRITE_OFF_REASONS,
} from "../rules/stock-movement.ts";

const M = PRODUCT_FORM_MESSAGES;

/** Query-string booleans arrive as text; only "true" and "1" switch a filter on. */
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((value) => value === true || value === "true" || value === "1")
  .optional();

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

export const inventorySummarySchema = z.object({
  /** Today in India (YYYY-MM-DD): the day "today" counts. */
  today: z.string(),
  products: z.object({
    /** Products on sale (not archived). */
    active: z.number().int(),
    /** Above their low-stock threshold. */
    inStock: z.number().int(),
    /** Above 0 and at or below their threshold. */
    low: z.number().int(),
    outOfStock: z.number().int(),
    archived: z.number().int(),
  }),
  stockValue: z.object({
    /** Stock times selling price (before GST), over products on sale. */
    atPricePaise: z.number().int(),
    /** Each lot's remaining units times its own unit cost. */
    atCostPaise: z.number().int(),
    /** Units (a kilo counts as one) on the shelf in lots with no recorded cost (left out of atCostPaise). */
    uncostedUnits: z.number().int(),
  }),
  /** Lots past their best-before date with stock left and not checked: not sold. */
  expiredLots: z.number().int(),
  /**
   * Today and the 6 India days before it: takings before GST of the orders placed, and what the
   * units they took cost, lot by lot (first in, first out), net of units that came back.
   */
  margin: z.object({
    revenuePaise: z.number().int(),
    costPaise: z.number().int(),
    /** Units (a kilo counts as one) sold from lots with no recorded cost: their cost is unknown. */
    uncostedUnits: z.number().int(),
  }),
  /** Across products a kilo counts as one unit, like a bunch or a dozen. */
  unitsSold: z.object({
    /** Today, India time, live. */
    today: z.number().int(),
    /** Today and the 6 India days before it. */
    last7Days: z.number().int(),
  }),
  /** Units and takings per India day, oldest first, the last 14 days including today. */
  daily: z.array(
    z.object({
      day: z.string(),
      units: z.number().int(),
      revenuePaise: z.number().int(),
    }),
  ),
});
export type InventorySummary = z.infer<typeof inventorySummarySchema>;

// ---------------------------------------------------------------------------------------------
// The product table
// ---------------------------------------------------------------------------------------------

export const INVENTORY_SORTS = ["name", "stock", "cover", "sold"] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

export const inventoryProductListQuerySchema = z
  .object({
    search: z.string().max(100, "search must be at most 100 characters").optional(),
    category: z.enum(CATEGORY_IDS, { message: M.categoryUnknown }).optional(),
    /** name: A-Z; stock: fewest first; cover: fewest days first (no sales last); sold: most first. */
    sort: z.enum(INVENTORY_SORTS).default("name"),
    /** Flip the sort's natural order. */
    descending: flag,
    /** Only products at or below their threshold, or out of stock. */
    lowOnly: flag,
    includeArchived: flag,
  })
  .strict();
export type InventoryProductListQuery = z.input<typeof inventoryProductListQuerySchema>;

export const inventoryProductRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The names in Odia and Hindi, or null where the shop shows the English. */
  nameOr: z.string().nullable(),
  nameHi: z.string().nullable(),
  category: z.enum(CATEGORY_IDS),
  unit: z.enum(PRODUCT_UNITS),
  /** What a shopper may buy, in grams (unit kg) or units. */
  step: z.number().int(),
  minimum: z.number().int(),
  pricePaise: z.number().int(),
  gstRateBps: z.number().int(),
  hsnCode: z.string(),
  /** Where the picker finds it ("Cold room, shelf B2"), or null. */
  shelfLocation: z.string().nullable(),
  organic: z.boolean(),
  local: z.boolean(),
  inSeason: z.boolean(),
  featured: z.boolean(),
  stock: z.number().int(),
  lowStockThreshold: z.number().int(),
  /** Above 0 and at or below the threshold. */
  low: z.boolean(),
  outOfStock: z.boolean(),
  soldLast7Days: z.number().int(),
  /** Stock divided by the last 7 days' average daily sales; null with no sales. */
  daysOfCover: z.number().nullable(),
  /** What a unit of the lot on sale now cost, when its receipt said. */
  unitCostPaise: z.number().int().nullable(),
  /** Units in lots past their best-before date: on the shelf, not for sale until checked. */
  expiredStock: z.number().int(),
  version: z.number().int(),
  archived: z.boolean(),
  /** The uploaded photo (400 px WebP), or null while the product shows its shipped image. */
  photoUrl: z.string().nullable(),
  /** What the shop shows: the uploaded photo or the shipped image. */
  image: z.string(),
  /** The harvest date of the lot on sale now, while it lasts. */
  harvestedOn: z.string().nullable(),
});
export type InventoryProductRow = z.infer<typeof inventoryProductRowSchema>;

export const inventoryProductListSchema = z.object({
  products: z.array(inventoryProductRowSchema),
  total: z.number().int(),
});
export type InventoryProductList = z.infer<typeof inventoryProductListSchema>;

export const inventoryProductSchema = inventoryProductRowSchema.extend({
  description: z.string(),
  descriptionOr: z.string().nullable(),
  descriptionHi: z.string().nullable(),
  archivedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** Every stored size of the uploaded photo, for srcset. */
  photoUrls: z.array(z.object({ width: z.number().int(), url: z.string() })),
});
export type InventoryProduct = z.infer<typeof inventoryProductSchema>;

export const inventoryProductParamsSchema = z.object({
  id: z.string().min(1).max(100, "id must be at most 100 characters"),
});

// ---------------------------------------------------------------------------------------------
// The product form (add and edit)
// ---------------------------------------------------------------------------------------------

const trimmed = (max: number, required: string | undefined, tooLong: string) => {
  const base = z
    .string({ message: required ?? tooLong })
    .trim()
    .max(max, tooLong);
  return required ? base.min(1, required) : base;
};

/** The most a step or minimum can be: one order's cap of a product sold by weight (50 kg). */
const maxStep = maxPerOrder("kg");

/** Shared by the web form and the routes (the step's fit to a counted unit is checked there). */
export const productFormSchema = z.object({
  name: trimmed(PRODUCT_FORM_LIMITS.name, M.nameRequired, M.nameTooLong),
  description: trimmed(PRODUCT_FORM_LIMITS.description, undefined, M.descriptionTooLong).default(
    "",
  ),
  /** In Odia and Hindi; empty shows the English to shoppers reading those languages. */
  nameOr: trimmed(PRODUCT_FORM_LIMITS.name, undefined, M.localNameTooLong).default(""),
  nameHi: trimmed(PRODUCT_FORM_LIMITS.name, undefined, M.localNameTooLong).default(""),
  descriptionOr: trimmed(
    PRODUCT_FORM_LIMITS.description,
    undefined,
    M.localDescriptionTooLong,
  ).default(""),
  descriptionHi: trimmed(
    PRODUCT_FORM_LIMITS.description,
    undefined,
    M.localDescriptionTooLong,
  ).default(""),
  category: z.enum(CATEGORY_IDS, { message: M.categoryUnknown }),
  unit: z.enum(PRODUCT_UNITS, { message: M.unitUnknown }),
  /** Per unit, before GST, in paise. */
  pricePaise: z
    .number({ message: M.priceRequired })
    .int(M.priceFormat)
    .positive(M.priceNotPositive)
    .max(PRODUCT_FORM_LIMITS.maxPricePaise, M.priceTooHigh),
  gstRateBps: z
    .number({ message: M.gstRateUnknown })
    .int(M.gstRateUnknown)
    .refine((value) => (GST_RATES_BPS as readonly number[]).includes(value), M.gstRateUnknown),
  hsnCode: z.string({ message: HSN_CODE_MESSAGE }).trim().refine(isHsnCode, HSN_CODE_MESSAGE),
  /** Where the picker finds it; empty when the shop has not said. */
  shelfLocation: trimmed(
    PRODUCT_FORM_LIMITS.shelfLocation,
    undefined,
    M.shelfLocationTooLong,
  ).default(""),
  organic: z.boolean().default(false),
  local: z.boolean().default(false),
  inSeason: z.boolean().default(true),
  featured: z.boolean().default(false),
  /** In grams or units, as stock is. */
  lowStockThreshold: z
    .number({ message: M.thresholdInvalid })
    .int(M.thresholdInvalid)
    .min(0, M.thresholdInvalid)
    .max(PRODUCT_FORM_LIMITS.maxLowStockThreshold, M.thresholdTooHigh),
  /** What a shopper may buy, in grams (sold by weight) or units: from `minimum` in `step`s. */
  step: z
    .number({ message: M.stepInvalid })
    .int(M.stepInvalid)
    .positive(M.stepInvalid)
    .max(maxStep, M.stepTooLarge)
    .default(1),
  minimum: z
    .number({ message: M.minimumInvalid })
    .int(M.minimumInvalid)
    .positive(M.minimumInvalid)
    .max(maxStep, M.minimumTooLarge)
    .default(1),
});
export type ProductForm = z.infer<typeof productFormSchema>;
export type ProductFormInput = z.input<typeof productFormSchema>;

/** POST products: a new product starts with no stock; receive stock to put it on the shelf. */
export const createProductSchema = productFormSchema;

/** PUT products/:id: the whole form plus the version the manager opened. */
export const updateProductSchema = productFormSchema.extend({
  version: z.number().int().positive(),
  /**
   * The manager was asked about a price more than half above or below the old one and said yes;
   * without it such a change is refused (422 CONFIRMATION_REQUIRED).
   */
  confirmPriceChange: z.boolean().optional(),
});
export type UpdateProduct = z.infer<typeof updateProductSchema>;

/** POST products/:id/archive and /restore: the version guards against acting on a stale view. */
export const archiveProductSchema = z.object({
  version: z.number().int().positive().optional(),
});

// ---------------------------------------------------------------------------------------------
// Stock movements
// ---------------------------------------------------------------------------------------------

const quantity = z
  .number({ message: STOCK_MESSAGES.quantityPositive })
  .int(STOCK_MESSAGES.quantityPositive)
  .positive(STOCK_MESSAGES.quantityPositive)
  .max(MAX_MOVEMENT_QUANTITY, STOCK_MESSAGES.quantityTooLarge);

const note = z.string().trim().max(500, "Note must be at most 500 characters").optional();

/** A harvest date is a real calendar date, today or earlier in India. */
export const harvestDateSchema = z
  .string({ message: STOCK_MESSAGES.harvestDateInvalid })
  .refine(isCalendarDate, STOCK_MESSAGES.harvestDateInvalid)
  .refine((value) => value <= shopDate(new Date()), STOCK_MESSAGES.harvestDateInFuture)
  .refine((value) => value >= EARLIEST_HARVEST_DATE, STOCK_MESSAGES.harvestDateTooOld);

export const receiptMovementSchema = z
  .object({
    kind: z.literal("receipt"),
    quantity,
    supplier: z
      .string({ message: STOCK_MESSAGES.supplierRequired })
      .trim()
      .min(1, STOCK_MESSAGES.supplierRequired)
      .max(120, "Farm or supplier must be at most 120 characters"),
    harvestedOn: harvestDateSchema,
    /** After this day the lot is not sold (optional). */
    bestBefore: z
      .string({ message: STOCK_MESSAGES.bestBeforeInvalid })
      .refine(isCalendarDate, STOCK_MESSAGES.bestBeforeInvalid)
      .optional(),
    /** What one unit (a kilogram, for what is sold by weight) cost, in paise; optional. */
    unitCostPaise: z
      .number({ message: STOCK_MESSAGES.unitCostInvalid })
      .int(STOCK_MESSAGES.unitCostInvalid)
      .min(0, STOCK_MESSAGES.unitCostInvalid)
      .max(PRODUCT_FORM_LIMITS.maxPricePaise, STOCK_MESSAGES.unitCostInvalid)
      .optional(),
    note,
  })
  .refine((receipt) => !receipt.bestBefore || receipt.bestBefore >= receipt.harvestedOn, {
    message: STOCK_MESSAGES.bestBeforeBeforeHarvest,
    path: ["bestBefore"],
  });

/** A write-off or count may name the lot it is about; without one it takes the oldest first. */
const lotId = z
  .number({ message: STOCK_MESSAGES.lotInvalid })
  .int(STOCK_MESSAGES.lotInvalid)
  .positive(STOCK_MESSAGES.lotInvalid)
  .optional();

export const writeOffMovementSchema = z.object({
  kind: z.literal("write_off"),
  quantity,
  reason: z.enum(WRITE_OFF_REASONS, { message: STOCK_MESSAGES.reasonRequired }),
  lotId,
  note,
});

export const countMovementSchema = z.object({
  kind: z.literal("count"),
  counted: z
    .number({ message: STOCK_MESSAGES.countedNonNegative })
    .int(STOCK_MESSAGES.countedNonNegative)
    .min(0, STOCK_MESSAGES.countedNonNegative)
    .max(MAX_MOVEMENT_QUANTITY, STOCK_MESSAGES.quantityTooLarge),
  lotId,
  note,
});

/** POST products/:id/movements. */
export const stockMovementRequestSchema = z.discriminatedUnion(
  "kind",
  [receiptMovementSchema, writeOffMovementSchema, countMovementSchema],
  { message: "Please choose receive, write off or count" },
);
export type StockMovementRequest = z.infer<typeof stockMovementRequestSchema>;
export type StockMovementRequestInput = z.input<typeof stockMovementRequestSchema>;

/** One ledger row. */
export const stockMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** Positive in, negative out. */
  quantity: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(WRITE_OFF_REASONS).nullable(),
  note: z.string().nullable(),
  supplier: z.string().nullable(),
  harvestedOn: z.string().nullable(),
  bestBefore: z.string().nullable(),
  unitCostPaise: z.number().int().nullable(),
  /** The order's number for sales, cancellations and refunds. */
  orderNumber: z.string().nullable(),
  /** Who recorded it (a staff member's name), null for the shop itself (sales, seed). */
  staffName: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** The answer to a recorded movement: the movement and the product as it now stands. */
export const stockMovementResultSchema = z.object({
  movement: stockMovementSchema,
  product: inventoryProductSchema,
});
export type StockMovementResult = z.infer<typeof stockMovementResultSchema>;

export const LEDGER_PAGE_SIZE = 25;

export const stockLedgerQuerySchema = z
  .object({
    /** The `nextCursor` of the previous page. */
    cursor: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(LEDGER_PAGE_SIZE),
  })
  .strict();

/** GET products/:id/movements: newest first. */
export const stockLedgerSchema = z.object({
  movements: z.array(stockMovementSchema),
  /** Pass as `cursor` for older rows; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type StockLedger = z.infer<typeof stockLedgerSchema>;

// ---------------------------------------------------------------------------------------------
// Photos (PUT products/:id/photo with the file's raw bytes as the body)
// ---------------------------------------------------------------------------------------------

export const productPhotoResultSchema = z.object({ product: inventoryProductSchema });
export type ProductPhotoResult = z.infer<typeof productPhotoResultSchema>;

// ---------------------------------------------------------------------------------------------
// CSV (GET export.csv; POST import/preview, then POST import/apply)
// ---------------------------------------------------------------------------------------------

/** About 1 MB of text: far more than a shop's catalogue. */
export const CSV_IMPORT_MAX_CHARS = 1_000_000;
export const CSV_IMPORT_MAX_ROWS = 5000;

export const csvImportRequestSchema = z.object({
  csv: z
    .string({ message: "Please choose a CSV file" })
    .min(1, "Please choose a CSV file")
    .max(CSV_IMPORT_MAX_CHARS, "The CSV file is larger than 1 MB"),
});

export const csvImportApplySchema = csvImportRequestSchema.extend({
  /** The preview's token: apply refuses when the catalogue changed since the preview. */
  token: z.string().min(1).max(200),
  /**
   * The manager saw the preview's large price changes (more than half up or down) and applies
   * them anyway; without it a file with any is refused (422 CONFIRMATION_REQUIRED).
   */
  confirmLargePriceChanges: z.boolean().optional(),
});

/** changed: applies; unchanged: says what the catalogue says; skipped: an archived product's row. */
export const CSV_ROW_STATUSES = ["error", "changed", "skipped", "unchanged"] as const;
export type CsvRowStatus = (typeof CSV_ROW_STATUSES)[number];

export const csvImportRowSchema = z.object({
  /** The line in the file (the header is line 1). */
  line: z.number().int(),
  id: z.string(),
  name: z.string().nullable(),
  status: z.enum(CSV_ROW_STATUSES),
  price: z
    .object({
      fromPaise: z.number().int(),
      toPaise: z.number().int(),
      /** More than half up or down: applying needs confirmLargePriceChanges. */
      large: z.boolean(),
    })
    .nullable(),
  stock: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
  /** The product's unit, so the stock reads in kilograms or units; null for an unknown id. */
  unit: z.string().nullable(),
  /** Why the row cannot be applied; null when it can. */
  error: z.string().nullable(),
});
export type CsvImportRow = z.infer<typeof csvImportRowSchema>;

export const csvImportPreviewSchema = z.object({
  rows: z.array(csvImportRowSchema),
  /** Rows that change something and have no error. */
  changes: z.number().int(),
  /** Rows with an error: apply refuses while there are any. */
  errors: z.number().int(),
  /** Rows that say what the catalogue already says. */
  unchanged: z.number().int(),
  /** Rows of archived products: not applied, and no bar to the rest. */
  skipped: z.number().int(),
  /** Changes whose price moves more than half up or down. */
  largePriceChanges: z.number().int(),
  /** Problems with the file as a whole (no id column, no price or stock column). */
  fileErrors: z.array(z.string()),
  /** Send back with apply. */
  token: z.string(),
});
export type CsvImportPreview = z.infer<typeof csvImportPreviewSchema>;

export const csvImportResultSchema = z.object({
  applied: z.number().int(),
  priceChanges: z.number().int(),
  stockChanges: z.number().int(),
});
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;

export const CSV_MESSAGES = {
  noIdColumn: "The file needs an id column",
  noChangeColumns: "The file needs a price column, a stock column or both",
  tooManyRows: `The file has more than ${CSV_IMPORT_MAX_ROWS.toLocaleString("en-IN")} rows`,
  unknownProduct: "No product has this id",
  archivedSkipped: "Archived: skipped. Restore the product to import its row.",
  duplicateRow: "This product appears on an earlier row",
  priceInvalid: "Price must be in rupees above 0, with at most 2 decimals",
  priceGrouping: (typed: string) =>
    `Price "${typed}" has its commas in the wrong places: write it without commas (1200) or grouped in thousands (1,200 or 1,00,000)`,
  priceDecimalComma: (typed: string) =>
    `Price "${typed}" is unclear: a comma is not a decimal point here. Use a point for paise (12.50) and commas only between thousands (1,250 or 1,00,000)`,
  largeUnconfirmed: (count: number) =>
    `${count === 1 ? "One price moves" : `${count} prices move`} more than half up or down: confirm ${count === 1 ? "it" : "them"} to apply the file. Nothing was changed.`,
  stockInvalid:
    "Stock must be a whole number, 0 or more: grams for what is sold by weight (12.5 kg is 12500), units otherwise",
  unbalancedQuotes: "This row has an unclosed quote",
  hasErrors: "Fix every row's error before applying: nothing was changed",
  changedSinceAnalysis:
    "The catalogue changed since this preview: preview the file again before applying. Nothing was changed.",
  nothingToApply: "Nothing in this file changes the catalogue",
} as const;

/** The columns of the export (import reads id, price and stock and ignores the rest). */
export const CSV_EXPORT_COLUMNS = [
  "id",
  "name",
  "category",
  "unit",
  "price",
  "gst_rate",
  "hsn_code",
  "shelf_location",
  "stock",
  "low_stock_threshold",
  "unit_cost",
  "harvested_on",
  "archived",
] as const;

/** One lot of a product: a receipt, or the stock no receipt recorded. */
export const stockLotSchema = z.object({
  id: z.number().int(),
  productId: z.string(),
  source: z.enum(LOT_SOURCES),
  /** "Khordha Organic Farm, harvested 27 Nov" or "Unrecorded stock". */
  label: z.string(),
  supplier: z.string().nullable(),
  harvestedOn: z.string().nullable(),
  bestBefore: z.string().nullable(),
  unitCostPaise: z.number().int().nullable(),
  received: z.number().int(),
  remaining: z.number().int(),
  /** Past its best-before date and not checked: not sold. */
  expired: z.boolean(),
  checkedAt: z.string().nullable(),
  receivedAt: z.string(),
});
export type StockLot = z.infer<typeof stockLotSchema>;

/** GET products/:id/lots: the lots with stock left, oldest first (the order sales take them). */
export const stockLotListSchema = z.object({ lots: z.array(stockLotSchema) });
export type StockLotList = z.infer<typeof stockLotListSchema>;

/** GET lots/expired: lots past their best-before date with stock left, for the dashboard's flag. */
export const expiredLotListSchema = z.object({
  lots: z.array(stockLotSchema.extend({ productName: z.string(), unit: z.string() })),
});
export type ExpiredLotList = z.infer<typeof expiredLotListSchema>;

export const stockLotParamsSchema = z.object({
  lotId: z.coerce.number({ message: STOCK_MESSAGES.lotInvalid }).int().positive(),
});

/** POST lots/:lotId/check: the manager looked at the lot and it is still fit to sell. */
export const checkLotSchema = z
  .object({ note: z.string().trim().max(500, "Note must be at most 500 characters").optional() })
  .strict();
