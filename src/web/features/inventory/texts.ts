// What the inventory screens say about lots, best-before dates and margin, in one place, so the
// stock dialog, the movement form and the dashboard's panel say it alike.

import { formatRupees } from "../../../shared/money.ts";

export const INVENTORY_TEXT = {
  lots: {
    heading: "Lots",
    intro: "Oldest first: sales take from the top. A lot past its best-before is not sold.",
    loading: "Loading the lots",
    empty: "No lots with stock left. Receive stock to open one.",
    remaining: (remaining: number, received: number, unit: string) =>
      `${remaining} of ${received} ${unit} left`,
    unitCost: (paise: number) => `${formatRupees(paise)} a unit`,
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
      `${label} — ${remaining} ${unit}${expired ? " (past best-before)" : ""}`,
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
    left: (remaining: number, unit: string) => `${remaining} ${unit} left`,
    writeOff: "Write off",
    markChecked: "Mark checked",
    /** Read after the button's words by a screen reader: which lot of which product. */
    lotOf: (label: string, product: string) => ` ${label}, ${product}`,
    wroteOff: (remaining: number, unit: string, product: string, label: string) =>
      `Wrote off ${remaining} ${unit} of ${product} (${label})`,
    checked: (product: string, label: string) =>
      `${product} (${label}) is checked and back on sale`,
    working: "Saving…",
  },
  table: {
    pastBestBefore: "Past best-before",
    expiredStock: (units: number, unit: string) =>
      `${units} ${unit}, not for sale until written off or checked`,
  },
  margin: {
    label: "Margin (7 days)",
    noSales: "No sales in the last 7 days",
    share: (percent: string, takings: string) => `${percent} of ${takings} takings before GST`,
    uncosted: (units: string) => `${units} units sold from lots without a recorded cost`,
  },
} as const;
