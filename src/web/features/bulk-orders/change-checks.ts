// What the planner's change form may send: each line's quantity as typed, in the product's unit
// (kilograms with up to three decimals for what is sold by weight, whole units otherwise), made
// into the API's integers (grams or units), then the shared schema the server parses again.
import { type BulkChange, bulkChangeSchema } from "../../../shared/contracts/bulk-orders.ts";
import { isWeighed, MEASURE_MESSAGES, parseQuantityText } from "../../../shared/rules/measure.ts";
import type { FieldProblems, FormChecks } from "../../lib/form-checks.ts";
import { schemaChecks } from "../../lib/schema-checks.ts";

export type LineDraft = { productId: string; quantity: string };
export type ChangeDraft = { lines: LineDraft[] };
/** A product's unit, once it is known (quoted, or chosen from the catalogue). */
export type UnitOf = (productId: string) => string | undefined;

const numberOf = (typed: string) =>
  typed.trim() === "" ? undefined : Number(typed.replaceAll(",", "").trim());

/** Digits grouped in thousands or the Indian way ("1,200", "1,00,000"), perhaps with decimals. */
const GROUPED = /^\d{1,3}(,\d{2,3})+(\.\d*)?$/;

/** Grouping commas dropped; any other comma stays, to be refused: "12,5" is not 125 kg. */
const ungrouped = (typed: string) => {
  const text = typed.trim();
  return GROUPED.test(text) ? text.replaceAll(",", "") : text;
};

/**
 * A typed quantity in the API's terms: kilograms with up to three decimals become grams for what
 * is sold by weight, whole numbers are units. With a problem when the text is not such a quantity.
 */
export function quantityOf(
  typed: string,
  unit: string | undefined,
): { quantity: number | undefined; problem?: string } {
  if (!unit) return { quantity: numberOf(typed) };
  const text = ungrouped(typed);
  if (text === "") {
    return isWeighed(unit)
      ? { quantity: undefined, problem: MEASURE_MESSAGES.weightText }
      : { quantity: undefined };
  }
  const parsed = parseQuantityText(text, unit);
  return "problem" in parsed ? { quantity: undefined, problem: parsed.problem } : parsed;
}

export function changeChecks(version: number, unitOf: UnitOf): FormChecks<ChangeDraft, BulkChange> {
  const schema = schemaChecks<typeof bulkChangeSchema, ChangeDraft>(bulkChangeSchema, {
    request: (draft) => ({
      lines: draft.lines.map((line) => ({
        productId: line.productId,
        quantity: quantityOf(line.quantity, unitOf(line.productId)).quantity,
      })),
      version,
    }),
  });
  return (draft) => {
    // The measure's own words for a quantity typed wrong ("12.5" kg, not "12,5" or "12.5 kg").
    const typed: FieldProblems = {};
    draft.lines.forEach((line, index) => {
      const { problem } = quantityOf(line.quantity, unitOf(line.productId));
      if (problem) typed[`lines.${index}.quantity`] = problem;
    });
    const checked = schema(draft);
    if (Object.keys(typed).length === 0) return checked;
    return { ok: false, problems: { ...(checked.ok ? {} : checked.problems), ...typed } };
  };
}
