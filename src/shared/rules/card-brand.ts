/** The card's brand from its number, for receipts ("Visa ending 1111"). */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "American Express";
  if (/^(60|65|81|82|508)/.test(digits)) return "RuPay";
  return "Card";
}

export function cardSummary(digits: string): string {
  return `${cardBrand(digits)} ending ${digits.slice(-4)}`;
}
