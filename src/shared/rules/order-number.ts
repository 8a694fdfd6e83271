/** FHH- and six digits, as printed on the confirmation and the invoice. */
export const ORDER_NUMBER_PATTERN = /^FHH-\d{6}$/;
