// The address every page's frame calls (a customer's language choice), alone in its module: the
// frame must not carry the account's other addresses, which only the account's pages use.
/** The storefront language the customer chose last, for their sign-in on another device. */
export const ACCOUNT_LANGUAGE_PATH = "/api/account/language";
