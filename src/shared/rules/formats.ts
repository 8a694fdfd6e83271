// Format rules for what shoppers type. Each returns whether the text is acceptable; the messages
// every form shows for the two asked everywhere are below, the others beside their schemas.

/** What a form says when an email address or a mobile number is not one. */
export const FORMAT_MESSAGES = {
  email: /*i18n*/ "Please enter a valid email address",
  mobile: /*i18n*/ "Please enter a valid 10-digit Indian mobile number",
  /** The contact and event request forms' word for a field left empty. */
  required: /*i18n*/ "Please fill all required fields",
} as const;

const MOBILE = /^(?:\+?91|0)?([6-9]\d{9})$/;

/** Indian mobile: 10 digits starting 6-9, optionally after +91, 91 or 0; spaces and dashes allowed. */
export function normalizeIndianMobile(text: string): string | undefined {
  const match = text.replace(/[\s-]/g, "").match(MOBILE);
  return match ? `+91${match[1]}` : undefined;
}

export const isIndianMobile = (text: string) => normalizeIndianMobile(text) !== undefined;

/** A kept mobile (+91 and ten digits) as a shopper types it: the ten digits alone. */
export const typedMobile = (mobile: string) => mobile.replace(/^\+91/, "");

/** A PIN code: six digits, the first never 0. */
export const isPincode = (text: string) => /^[1-9]\d{5}$/.test(text.trim());

// One mailbox and nothing else: a dot-atom local part (RFC 5322 atext, no quoted strings) and a
// host name with a letters-only top-level domain. Display names, angle brackets, commas, groups,
// comments and quotes are all refused, so the store never sends one form's mail to a list.
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);

/** One email address: one mailbox, no name, no list; at most 64 characters before the @. */
export function isEmail(text: string): boolean {
  const address = text.trim();
  return address.length <= 254 && address.indexOf("@") <= 64 && EMAIL.test(address);
}

/** Card numbers: 12-19 digits (spaces allowed) passing the Luhn check. */
export function digitsOnly(text: string): string {
  return text.replace(/[\s-]/g, "");
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function isCardNumber(text: string): boolean {
  const digits = digitsOnly(text);
  return digits.length >= 12 && digits.length <= 19 && passesLuhn(digits);
}

/** MM/YY, valid through the last day of that month. */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const match = text.trim().match(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/);
  if (!match) return undefined;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

export function isFutureExpiry(text: string, now: Date = new Date()): boolean {
  const expiry = parseExpiry(text);
  if (!expiry) return false;
  const currentMonth = now.getFullYear() * 12 + now.getMonth();
  return expiry.year * 12 + (expiry.month - 1) >= currentMonth;
}

export const isCvv = (text: string) => /^\d{3}$/.test(text);

/** A UPI ID (VPA): handle@bank, e.g. asha.das@okaxis. */
export const isUpiId = (text: string) =>
  /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/.test(text.trim());
