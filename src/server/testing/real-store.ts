// A real store's settings with demo mode off, on the test app's origin. No mail is delivered in
// the suites that use it, so the SMTP server is never dialled.
export const REAL_STORE = {
  DEMO_MODE: "false",
  PUBLIC_URL: "http://localhost:3000",
  SMTP_URL: "smtp://127.0.0.1:2525",
  SELLER_GSTIN: "21AAAFH0000A1Z5",
  AUTH_SECRET: "a-long-random-secret-of-at-least-32-chars",
  // Cash on delivery only: the suites that need Razorpay start its stand-in themselves.
  PAYMENT_PROVIDER: "none",
};
