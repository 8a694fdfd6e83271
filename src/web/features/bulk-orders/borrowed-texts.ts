/**
 * Texts the bulk order pages show that another area's catalogue translates (decision 56: a text
 * is extracted into one area only). They are written here without the i18n mark, so they are not
 * extracted twice, and shown with `i18n._(TEXT)`: each translates wherever its area is loaded
 * with the page. The words every form says (name, email, phone, status, bank) are the forms
 * area's `COMMON_TEXTS`.
 */
export const BORROWED_TEXT = {
  // The shell's (the header's links; loaded on every page).
  customerSupport: "Customer Support",
} as const;
