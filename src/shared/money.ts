// Money is carried as integer paise everywhere so sums never drift; rupees exist only on screen.

/** Thousands, then lakhs and crores in twos: 1,23,45,678. */
const INDIAN_GROUPS = /\B(?=(\d{2})+$)/g;

/**
 * ₹ with Indian grouping and two decimals, as `Intl.NumberFormat("en-IN", INR)` writes it (a test
 * holds the two together). Written out because the first such formatter a page makes costs a
 * phone about 150 ms of loading locale data, during the storefront's first render.
 */
export function formatRupees(paise: number): string {
  const sign = paise < 0 || Object.is(paise, -0) ? "-" : "";
  const whole = Math.round(Math.abs(paise));
  const rupees = String(Math.floor(whole / 100));
  const fraction = String(whole % 100).padStart(2, "0");
  const grouped =
    rupees.length <= 3
      ? rupees
      : `${rupees.slice(0, -3).replace(INDIAN_GROUPS, ",")},${rupees.slice(-3)}`;
  return `${sign}₹${grouped}.${fraction}`;
}

/** Rupees as the shop writes them in a sentence: ₹5,000 rather than ₹5,000.00; ₹45.50 keeps its paise. */
export function formatRupeesBrief(paise: number): string {
  return formatRupees(paise).replace(/\.00$/, "");
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
