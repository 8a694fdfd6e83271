// HSN codes classify goods on GST invoices: 4 digits (small sellers), 6 or 8 (the full code).
export const HSN_CODE_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

export const HSN_CODE_MESSAGE = "HSN code must be 4, 6 or 8 digits";

export function isHsnCode(text: string): boolean {
  return HSN_CODE_PATTERN.test(text);
}
