// The figures both GST documents print, kept apart from their markup so the arithmetic can be
// read and tested on its own: CGST and SGST per line and in total, and amounts as table cells.
import type { OrderLine } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";

export type Seller = {
  name: string;
  address: string;
  gstin: string;
  stateName: string;
  stateCode: string;
};

/** The fields of a goods line that both documents print. */
export type GstLine = Pick<
  OrderLine,
  | "name"
  | "localName"
  | "hsnCode"
  | "quantity"
  | "unit"
  | "unitPricePaise"
  | "gstRateBps"
  | "taxablePaise"
  | "gstPaise"
  | "orderedQuantity"
>;

/** Intra-state supply: half the GST is central, half state. An odd paisa goes to SGST, so the
 * two halves always add up to the line's GST exactly. */
export function splitGst(gstPaise: number): { cgstPaise: number; sgstPaise: number } {
  const cgstPaise = Math.floor(gstPaise / 2);
  return { cgstPaise, sgstPaise: gstPaise - cgstPaise };
}

/** Summed from each line's own split, so the totals match the lines above them to the paisa. */
export function gstTotals(lines: readonly GstLine[]) {
  let taxablePaise = 0;
  let cgstPaise = 0;
  let sgstPaise = 0;
  for (const line of lines) {
    const split = splitGst(line.gstPaise);
    taxablePaise += line.taxablePaise;
    cgstPaise += split.cgstPaise;
    sgstPaise += split.sgstPaise;
  }
  return { taxablePaise, cgstPaise, sgstPaise };
}

/** Table cells carry plain figures under a "(₹)" heading; totals keep the symbol. */
export const figure = (paise: number) => formatRupees(paise).replace("₹", "");
