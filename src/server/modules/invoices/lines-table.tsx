// The goods table both GST documents print, one row per HSN line, because CGST Rule 46 and Rule
// 53(1A) ask for the taxable value and the CGST and SGST rate and amount of each line.

import type { ReactNode } from "react";
import { quantityText } from "../../../shared/rules/measure.ts";
import { UserText } from "../../markup/user-text.tsx";
import { bilingualName, englishLabels, type Labels } from "./document-labels.ts";
import { figure, type GstLine, gstTotals, splitGst } from "./gst-figures.ts";

const halfRate = (gstRateBps: number) => `${Number((gstRateBps / 200).toFixed(3))}%`;

/**
 * The quantity in the unit column's unit (kilograms to the gram for what is weighed); a line
 * packed otherwise than ordered shows what was ordered beside it; a credit of an amount alone (no
 * units given back) shows none.
 */
function QuantityCell({ line }: { line: GstLine }) {
  const ordered = line.orderedQuantity;
  if (line.quantity === 0 && ordered == null) return <td className="num qty">—</td>;
  return (
    <td className="num qty">
      {quantityText(line.quantity, line.unit)}
      {ordered != null && ordered !== line.quantity && (
        <span className="ordered">(ordered {quantityText(ordered, line.unit)})</span>
      )}
    </td>
  );
}

function LineRow({ line, number, name }: { line: GstLine; number: number; name: string }) {
  const { cgstPaise, sgstPaise } = splitGst(line.gstPaise);
  return (
    <tr className="line">
      <td className="c">{number}</td>
      <td className="desc">
        <UserText>{name}</UserText>
      </td>
      <td className="c">{line.hsnCode}</td>
      <QuantityCell line={line} />
      <td className="c">{line.unit}</td>
      <td className="num">{figure(line.unitPricePaise)}</td>
      <td className="num taxable">{figure(line.taxablePaise)}</td>
      <td className="num">{halfRate(line.gstRateBps)}</td>
      <td className="num cgst">{figure(cgstPaise)}</td>
      <td className="num">{halfRate(line.gstRateBps)}</td>
      <td className="num sgst">{figure(sgstPaise)}</td>
      <td className="num line-total">{figure(line.taxablePaise + line.gstPaise)}</td>
    </tr>
  );
}

/** The delivery fee as a numbered line of its own: a charge with no HSN and no GST. */
export function DeliveryFeeRow(props: { label: string; feePaise: number; number: number }) {
  return (
    <tr className="delivery">
      <td className="c">{props.number}</td>
      <td className="desc">{props.label}</td>
      <td className="c"></td>
      <td></td>
      <td></td>
      <td></td>
      <td></td>
      <td className="num">—</td>
      <td className="num">—</td>
      <td className="num">—</td>
      <td className="num">—</td>
      <td className="num line-total">{figure(props.feePaise)}</td>
    </tr>
  );
}

/** The column totals include the delivery fee, so the last one equals the grand total. */
export function LinesTable(props: {
  lines: readonly GstLine[];
  taxableHeading: string;
  /** The buyer's language beside English (document-labels.ts). */
  label?: Labels;
  deliveryRow?: ReactNode;
  deliveryFeePaise: number;
}) {
  const { lines, deliveryFeePaise } = props;
  const label = props.label ?? englishLabels;
  // A product is named in the buyer's language only where the labels are in it: an English
  // document names each product once, as the shop lists it.
  const nameOf = label === englishLabels ? (line: GstLine) => line.name : bilingualName;
  const totals = gstTotals(lines);
  const linesTotal = lines.reduce((sum, line) => sum + line.taxablePaise + line.gstPaise, 0);
  return (
    <table className="lines">
      <colgroup>
        <col style={{ width: "4%" }} />
        <col />
        <col style={{ width: "6.5%" }} />
        <col style={{ width: "8%" }} />
        <col style={{ width: "5.5%" }} />
        <col style={{ width: "8.5%" }} />
        <col style={{ width: "9.5%" }} />
        <col style={{ width: "5.5%" }} />
        <col style={{ width: "7.5%" }} />
        <col style={{ width: "5.5%" }} />
        <col style={{ width: "7.5%" }} />
        <col style={{ width: "9.5%" }} />
      </colgroup>
      <thead>
        <tr>
          <th rowSpan={2} scope="col">
            #
          </th>
          <th rowSpan={2} scope="col">
            {label(/*i18n*/ "Description of goods")}
          </th>
          <th rowSpan={2} scope="col">
            HSN
          </th>
          <th rowSpan={2} scope="col">
            Qty
          </th>
          <th rowSpan={2} scope="col">
            Unit
          </th>
          <th rowSpan={2} scope="col">
            Rate (₹)
          </th>
          <th rowSpan={2} scope="col">
            {`${props.taxableHeading} (₹)`}
          </th>
          <th colSpan={2} scope="colgroup">
            CGST
          </th>
          <th colSpan={2} scope="colgroup">
            SGST
          </th>
          <th rowSpan={2} scope="col">
            Total (₹)
          </th>
        </tr>
        <tr>
          <th scope="col">Rate</th>
          <th scope="col">Amount</th>
          <th scope="col">Rate</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder
          <LineRow key={index} line={line} number={index + 1} name={nameOf(line)} />
        ))}
        {props.deliveryRow}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={6}>{label("Total")}</td>
          <td className="num">{figure(totals.taxablePaise)}</td>
          <td></td>
          <td className="num">{figure(totals.cgstPaise)}</td>
          <td></td>
          <td className="num">{figure(totals.sgstPaise)}</td>
          <td className="num">{figure(linesTotal + Math.max(deliveryFeePaise, 0))}</td>
        </tr>
      </tfoot>
    </table>
  );
}
