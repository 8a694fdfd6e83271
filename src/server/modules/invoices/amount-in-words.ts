// The amount payable in words, as Indian invoices print it beside the figure, in the Indian
// numbering (thousand, lakh, crore) rather than the international one (million, billion).

const SMALL = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return SMALL[n]!;
  const unit = n % 10;
  return TENS[Math.floor(n / 10)]! + (unit ? `-${SMALL[unit]}` : "");
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words = hundreds ? [`${SMALL[hundreds]} Hundred`] : [];
  if (rest || !hundreds) words.push(belowHundred(rest));
  return words.join(" ");
}

/** A whole number in words the Indian way: 1,23,45,678 is One Crore Twenty-Three Lakh ... */
function indianWords(n: number): string {
  if (n === 0) return "Zero";
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const words: string[] = [];
  if (crore) words.push(`${indianWords(crore)} Crore`);
  if (lakh) words.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) words.push(`${belowHundred(thousand)} Thousand`);
  if (rest) words.push(belowThousand(rest));
  return words.join(" ");
}

/** 104950 -> "Rupees One Thousand Forty-Nine and Fifty Paise Only"; 0 -> "Rupees Zero Only". */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`amountInWords: ${paise} is not paise`);
  const sign = paise < 0 ? "Minus " : "";
  const rupees = Math.floor(Math.abs(paise) / 100);
  const cents = Math.abs(paise) % 100;
  if (rupees === 0 && cents > 0) return `${sign}${belowHundred(cents)} Paise Only`;
  const paiseWords = cents ? ` and ${belowHundred(cents)} Paise` : "";
  return `${sign}Rupees ${indianWords(rupees)}${paiseWords} Only`;
}
