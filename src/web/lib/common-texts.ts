/**
 * Words and sentences the storefront's forms and pages say in several areas (the contact, the
 * delivery address, a request's status, the payment's bank): kept in the forms' catalogue, which
 * every page with a form loads, so each is translated once (decision 56). Shown with
 * `i18n._(COMMON_TEXTS.email)`.
 */
export const COMMON_TEXTS = {
  // Who is writing or ordering.
  name: /*i18n*/ "Name",
  fullName: /*i18n*/ "Full name",
  email: /*i18n*/ "Email",
  message: /*i18n*/ "Message",
  mobileNumber: /*i18n*/ "Mobile number",
  phone: /*i18n*/ "Phone",
  mobilePlaceholder: /*i18n*/ "10-digit mobile number",
  contactInformation: /*i18n*/ "Contact Information",
  // Where an order goes (the checkout's delivery fields and the account's saved addresses).
  streetAddress: /*i18n*/ "Street address",
  streetAddressPlaceholder: /*i18n*/ "House, street, area",
  city: /*i18n*/ "City",
  state: /*i18n*/ "State",
  pincode: /*i18n*/ "PIN code",
  pincodePlaceholder: /*i18n*/ "6-digit PIN code",
  /** The badge of the saved address checkout fills in. */
  defaultAddress: /*i18n*/ "Default",
  // Paying (the checkout's section, the order's "how it was paid", the bank of net banking).
  payment: /*i18n*/ "Payment",
  bank: /*i18n*/ "Bank",
  selectBank: /*i18n*/ "Select your bank",
  // A form on its way, and its thanks.
  sending: /*i18n*/ "Sending...",
  submitting: /*i18n*/ "Submitting...",
  feedbackThanks: /*i18n*/ "Thank you for your feedback!",
  /** Where an order, a request or a ticket stands. */
  status: /*i18n*/ "Status",
  /** A dialog's close button. */
  close: /*i18n*/ "Close",
  /** The demo's way to the mails the store just sent (an order's, an event request's). */
  openDemoMailbox: /*i18n*/ "Open the demo mailbox",
} as const;
