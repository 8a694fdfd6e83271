// GST documents name the place of supply with its state code, and buyers spell their state in
// many ways (Orissa, NCT of Delhi), so the name is matched loosely against the official list.
import type { Seller } from "./gst-figures.ts";

/** GST state codes (the first two digits of a GSTIN). */
const GST_STATES: Record<string, string> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
};
const STATE_ALIASES: Record<string, string> = {
  orissa: "21",
  od: "21",
  or: "21",
  "new delhi": "07",
  "nct of delhi": "07",
  pondicherry: "34",
  uttaranchal: "05",
  "daman and diu": "26",
  "dadra and nagar haveli": "26",
  "andaman and nicobar": "35",
  "j and k": "01",
};
const normalizeState = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z]+/g, " ")
    .trim();
const STATE_CODES = new Map<string, string>([
  ...Object.entries(GST_STATES).map(([code, name]) => [normalizeState(name), code] as const),
  ...Object.entries(STATE_ALIASES),
]);

/** The buyer's state with its GST code, e.g. "Odisha (21)"; the seller's state if none is given.
 * A state we cannot name is printed as the buyer wrote it. */
export function placeOfSupply(buyerState: string, seller: Seller): string {
  const given = buyerState.trim();
  if (!given) return `${seller.stateName} (${seller.stateCode})`;
  const normalized = normalizeState(given);
  if (normalized === normalizeState(seller.stateName)) {
    return `${seller.stateName} (${seller.stateCode})`;
  }
  const code = STATE_CODES.get(normalized);
  return code ? `${GST_STATES[code]} (${code})` : given;
}
