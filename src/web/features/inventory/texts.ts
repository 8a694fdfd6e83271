// What the inventory screens say about lots, best-before dates and margin, in one place, so the
// stock dialog, the movement form and the dashboard's panel say it alike.

import { formatRupees } from "../../../shared/money.ts";
import {
  formatQuantity,
  isWeighed,
  maxPerOrder,
  pricedUnitLabel,
} from "../../../shared/rules/measure.ts";
import { priceChangeShare } from "../../../shared/rules/price-change.ts";

/** What a lot's or a receipt's cost is for: a kilogram of what is weighed, one unit otherwise. */
const costPer = (unit: string) => (isWeighed(unit) ? "a kg" : "a unit");

export const INVENTORY_TEXT = {
  lots: {
    heading: "Lots",
    intro: "Oldest first: sales take from the top. A lot past its best-before is not sold.",
    loading: "Loading the lots",
    empty: "No lots with stock left. Receive stock to open one.",
    remaining: (remaining: number, received: number, unit: string) =>
      `${formatQuantity(remaining, unit)} of ${formatQuantity(received, unit)} left`,
    unitCost: (paise: number, unit: string) => `${formatRupees(paise)} ${costPer(unit)}`,
    noCost: "cost not recorded",
    bestBefore: (day: string) => `best before ${day}`,
    pastBestBefore: "Past best-before",
    checked: "Checked",
  },
  movement: {
    bestBefore: "Best before (optional)",
    lot: "Lot (optional)",
    oldestFirst: "Oldest first",
    lotOption: (label: string, remaining: number, unit: string, expired: boolean) =>
      `${label} — ${formatQuantity(remaining, unit)}${expired ? " (past best-before)" : ""}`,
    /** The quantity field, in the product's unit: kilograms for what is weighed. */
    quantity: (unit: string) => `Quantity (${unit})`,
    counted: (unit: string) => `Counted on the shelf (${unit})`,
    /** Under a weighed product's quantity field. */
    kilosHint: "In kilograms, up to 3 decimals: 12.5 is 12.5 kg, 0.75 is 750 g.",
    kilosPlaceholder: "12.5",
    unitCost: (unit: string) =>
      isWeighed(unit) ? "Cost per kg (₹, optional)" : "Unit cost (₹, optional)",
    received: (quantity: number, unit: string, product: string) =>
      `Received ${formatQuantity(quantity, unit)} of ${product}`,
    wroteOff: (quantity: number, unit: string, product: string) =>
      `Wrote off ${formatQuantity(quantity, unit)} of ${product}`,
    countRecorded: (counted: number, unit: string, product: string) =>
      `Recorded a count of ${formatQuantity(counted, unit)} for ${product}`,
    stockShows: (stock: number, unit: string) =>
      `The stock shows ${formatQuantity(stock, unit)}; the difference is recorded.`,
    lotsLoading: "Loading the lots…",
    lotsFailed: "The lots could not be loaded: the oldest stock is taken first.",
    retryLots: "Load the lots again",
    lotHintWriteOff: "Which lot the units leave. Oldest first takes them from the oldest lot.",
    lotHintCount: "The lot the difference comes from. Oldest first spreads it from the oldest.",
  },
  expired: {
    heading: "Past best-before",
    intro:
      "These lots are not sold until you write them off or check them and find them still fit to sell.",
    loading: "Loading the lots past best-before",
    none: "Nothing is past its best-before now.",
    bestBefore: (day: string) => `Best before ${day}`,
    left: (remaining: number, unit: string) => `${formatQuantity(remaining, unit)} left`,
    writeOff: "Write off",
    markChecked: "Mark checked",
    /** Read after the button's words by a screen reader: which lot of which product. */
    lotOf: (label: string, product: string) => ` ${label}, ${product}`,
    wroteOff: (remaining: number, unit: string, product: string, label: string) =>
      `Wrote off ${formatQuantity(remaining, unit)} of ${product} (${label})`,
    checked: (product: string, label: string) =>
      `${product} (${label}) is checked and back on sale`,
    working: "Saving…",
  },
  table: {
    pastBestBefore: "Past best-before",
    expiredStock: (quantity: number, unit: string) =>
      `${formatQuantity(quantity, unit)}, not for sale until written off or checked`,
  },
  figures: {
    heading: "Today's figures",
    line: (inStock: string, low: string, out: string) =>
      `${inStock} in stock · ${low} low · ${out} out of stock`,
  },
  bulk: {
    select: (name: string) => `Select ${name}`,
    selectAll: (count: number) => `Select all ${count} shown`,
    selectAllShort: "Select all",
    selected: (count: number) => `${count} selected`,
    region: "Selected products",
    clear: "Clear selection",
    archive: "Archive",
    restore: "Unarchive",
    /** "Change category" and "Change prices": a phone shows only the second word. */
    changeWord: "Change",
    categoryShort: "category",
    priceShort: "prices",
    archiveTitle: (count: number) => `Archive ${count === 1 ? "1 product" : `${count} products`}`,
    archiveNote:
      "They leave the shop at once; past orders and invoices keep them. You can unarchive them later.",
    restoreTitle: (count: number) => `Unarchive ${count === 1 ? "1 product" : `${count} products`}`,
    restoreNote: "They return to the shop as they were, with their stock and prices.",
    categoryTitle: (count: number) =>
      `Change the category of ${count === 1 ? "1 product" : `${count} products`}`,
    categoryLabel: "New category",
    categoryChoose: "Choose a category",
    categoryRequired: "Please choose a category",
    priceTitle: (count: number) =>
      `Change ${count === 1 ? "1 price" : `${count} prices`} by a percentage`,
    percentLabel: "Change by (%)",
    percentHint:
      "+10 raises each price by a tenth, -5 lowers it by a twentieth. Prices are before GST, rounded to the paisa.",
    previewCaption: "Each price now and after the change",
    previewProduct: "Product",
    previewNow: "Now",
    previewNew: "New",
    previewEmpty: "Type a percentage to see the new prices.",
    confirmLarge: (share: number) => `Yes, change prices by more than ${share}%`,
    confirmLargeHint: "A change this large is more often a typo than a decision.",
    cancel: "Cancel",
    working: "Saving…",
    apply: {
      archive: (count: number) => `Archive ${count === 1 ? "1 product" : `${count} products`}`,
      restore: (count: number) => `Unarchive ${count === 1 ? "1 product" : `${count} products`}`,
      category: (count: number) => `Move ${count === 1 ? "1 product" : `${count} products`}`,
      price: (count: number) => `Change ${count === 1 ? "1 price" : `${count} prices`}`,
    },
    done: {
      archive: (count: number) => `Archived ${count === 1 ? "1 product" : `${count} products`}`,
      restore: (count: number) => `Unarchived ${count === 1 ? "1 product" : `${count} products`}`,
      category: (count: number, category: string) =>
        `Moved ${count === 1 ? "1 product" : `${count} products`} to ${category}`,
      price: (count: number) => `Changed ${count === 1 ? "1 price" : `${count} prices`}`,
    },
  },
  ledger: {
    unitCost: (paise: number, unit: string) => `${formatRupees(paise)} ${costPer(unit)}`,
    /** A movement's signed quantity: "+12.5 kg", "−750 g", "±0". */
    change: (quantity: number, unit: string) =>
      quantity > 0
        ? `+${formatQuantity(quantity, unit)}`
        : quantity < 0
          ? `−${formatQuantity(-quantity, unit)}`
          : "±0",
    left: (stockAfter: number, unit: string) => `${formatQuantity(stockAfter, unit)} left`,
  },
  product: {
    unitOption: (unit: string) => (isWeighed(unit) ? `${unit} (sold by weight)` : unit),
    price: (unit: string) =>
      unit ? `Price ${pricedUnitLabel(unit)} (₹, before GST)` : "Price (₹, before GST)",
    threshold: (unit: string) => (unit ? `Low-stock threshold (${unit})` : "Low-stock threshold"),
    thresholdHint: "In kilograms, up to 3 decimals (2.5 is 2.5 kg).",
    stepsLegend: "What a shopper can buy",
    step: "Sold in steps of (grams)",
    minimum: "Least a shopper can buy (grams)",
    /** The steps as a shopper meets them, while the manager types. */
    stepsExample: (step: number, minimum: number, unit: string) =>
      `Shoppers can buy ${formatQuantity(minimum, unit)}, ${formatQuantity(minimum + step, unit)}, ${formatQuantity(minimum + 2 * step, unit)} and so on, up to ${formatQuantity(maxPerOrder(unit), unit)} an order.`,
    stepsWhole: "Type whole grams: 250 is a quarter kilo, 1000 is a kilo.",
    hsnSuggested: (basis: string) => `Suggested for ${basis}. You can change them.`,
    hsnSuggestedOther: (basis: string, hsnCode: string, rate: string) =>
      `Suggested for ${basis}: HSN ${hsnCode} at ${rate}.`,
    useSuggestion: "Use the suggestion",
    inLanguages: "In Odia and Hindi",
    inLanguagesHint:
      "What shoppers reading Odia or Hindi see, and can search by. Left empty, they see the English.",
    nameOr: "Odia name",
    nameHi: "Hindi name",
    descriptionOr: "Odia description",
    descriptionHi: "Hindi description",
    shelfLocation: "Shelf location (for the pick list)",
    shelfLocationPlaceholder: "Cold room, shelf B2",
    priceConfirmTitle: "Save a large price change?",
    priceConfirmBack: "Go back to the price",
    priceConfirmSave: "Save anyway",
  },
  photo: {
    legend: "Photo",
    choose: "Choose a photo",
    hint: "JPEG, PNG or WebP, up to 5 MB. It is cropped to 4:3 for the shop.",
    savedWithForm: (editing: boolean) =>
      editing
        ? "Uploaded when you press Save changes. JPEG, PNG or WebP, up to 5 MB, cropped to 4:3."
        : "Uploaded when you press Add product. JPEG, PNG or WebP, up to 5 MB, cropped to 4:3.",
    none: "No photo yet: the shop shows the category's picture",
    thisProduct: "the product",
    newPhotoOf: (name: string) => `New photo of ${name}, not yet saved`,
    currentPhotoOf: (name: string) => `Current photo of ${name}`,
    keepCurrent: (editing: boolean) => (editing ? "Keep the current photo" : "Add without a photo"),
    remove: "Remove photo",
    removed: (name: string) => `${name} shows its usual picture again`,
    /** The product saved but its photo did not: the form stays open with the photo chosen. */
    notUploaded: (name: string, added: boolean, reason: string) =>
      `${added ? "Added" : "Saved"} ${name}, but its photo was not uploaded (${reason}). Choose another photo, or the same one again, and press Save changes to try again; Cancel keeps ${name} without the new photo.`,
    savedWithPhoto: (name: string, added: boolean) =>
      `${added ? "Added" : "Saved"} ${name} with its new photo`,
  },
  csv: {
    description:
      "A CSV with an id column and a price column (rupees), a stock column (the counted quantity: grams for what is sold by the kg, units otherwise) or both. Nothing changes until you apply, and then every row applies or none does.",
    stock: (from: string, to: string) => `Stock ${from} → ${to}`,
    price: (from: number, to: number) => `Price ${formatRupees(from)} → ${formatRupees(to)}`,
    noChange: "No change",
    skippedRow: "Archived: skipped, not changed",
    counts: (preview: { changes: number; unchanged: number; errors: number; skipped: number }) =>
      [
        `${preview.changes} changed`,
        `${preview.unchanged} unchanged`,
        `${preview.errors} ${preview.errors === 1 ? "error" : "errors"}`,
        `${preview.skipped} skipped`,
      ].join(", "),
    fixErrors: ": fix the file and choose it again. Nothing has been changed.",
    skipped: (count: number) =>
      `${count} archived ${count === 1 ? "product" : "products"} skipped: restore ${count === 1 ? "it" : "them"} to import ${count === 1 ? "its row" : "their rows"}.`,
    largeJump: (from: number, to: number) => `Large jump: ${priceChangeShare(from, to)}`,
    confirmLarge: (count: number) =>
      count === 1
        ? "Apply the large price change marked below"
        : `Apply the ${count} large price changes marked below`,
    confirmLargeHint: "Each moves the price more than half up or down. Check them before applying.",
    filterLabel: "Show rows",
    filter: (
      value: "all" | "changes" | "errors",
      preview: { rows: unknown[]; changes: number; errors: number },
    ) =>
      value === "all"
        ? `All (${preview.rows.length})`
        : value === "changes"
          ? `Changes (${preview.changes})`
          : `Errors (${preview.errors})`,
    nothingShown: (value: "all" | "changes" | "errors") =>
      value === "errors" ? "No row has an error." : "No row changes anything.",
  },
  outlook: {
    shortBy: (quantity: number, unit: string) => `Short by ${formatQuantity(quantity, unit)}`,
  },
  margin: {
    label: "Margin (7 days)",
    noSales: "No sales in the last 7 days",
    share: (percent: string, takings: string) => `${percent} of ${takings} takings before GST`,
    uncosted: (units: string) => `${units} units sold from lots without a recorded cost`,
  },
} as const;
