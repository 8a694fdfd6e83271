// The shop's public facts, shown in the footer, the about page, support and (later) invoices.
export const STORE = {
  name: "Fresh Harvest Hub",
  tagline: /*i18n*/ "From Farm to Table, Fresh Every Day",
  street: "Plot 42, Saheed Nagar",
  city: "Bhubaneswar",
  state: "Odisha",
  pincode: "751007",
  country: "India",
  phone: "+91 674 254 0000",
  phoneHref: "tel:+916742540000",
  supportEmail: "support@freshharvesthub.in",
  supportHours: /*i18n*/ "Mon-Sat, 9 AM to 6 PM",
  /** The delivery desk that connects a shopper with the rider carrying their order. */
  deliveryAgentPhone: "+91 94370 12345",
  deliveryPromise: /*i18n*/ "30-60 minutes",
  /** The support promise: every message gets an answer within this many hours. */
  replyWithinHours: 24,
  /** How long after delivery a shopper may ask for a refund. */
  refundWindowHours: 24,
  processingTime: /*i18n*/ "5-15 minutes",
  mapLatitude: 20.2906,
  mapLongitude: 85.8449,
} as const;

export const STORE_ADDRESS = `${STORE.street}, ${STORE.city}, ${STORE.state} ${STORE.pincode}, ${STORE.country}`;
