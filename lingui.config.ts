// The store's message catalogues (decision 56): PO files per area, keyed by the English text.
// `npm run messages` extracts them with Lingui's extractor and compiles them (scripts/messages.ts).
import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "or", "hi"],
  fallbackLocales: { default: "en" },
  // Where each text was found stays out: a line moving would change every catalogue.
  format: formatter({ origins: false, lineNumbers: false }),
  orderBy: "messageId",
  catalogs: [
    {
      // The frame of every storefront page: header, footer, language switch, error pages.
      path: "<rootDir>/src/shared/i18n/catalogues/{locale}/shell",
      include: [
        "<rootDir>/src/web/app/layout",
        "<rootDir>/src/web/routes/not-found.tsx",
        "<rootDir>/src/web/components/brand-logo.tsx",
        "<rootDir>/src/web/features/account/components/account-area.tsx",
        // Drawn under every page while an account's email is unconfirmed.
        "<rootDir>/src/web/features/account/components/unverified-banner.tsx",
        "<rootDir>/src/shared/catalogue.ts",
        "<rootDir>/src/shared/store-info.ts",
        // Units and quantities: every page with a product on it writes them.
        "<rootDir>/src/shared/rules/measure.ts",
      ],
      exclude: ["**/*.test.*"],
    },
    {
      // The home page: the hero, the welcome, why the shop.
      path: "<rootDir>/src/shared/i18n/catalogues/{locale}/home",
      include: [
        "<rootDir>/src/web/routes/home.tsx",
        "<rootDir>/src/web/features/home",
        "<rootDir>/src/web/features/feedback",
      ],
      exclude: ["**/*.test.*"],
    },
    {
      // The shop and its products wherever they are shown (the shop, the home page's cards).
      path: "<rootDir>/src/shared/i18n/catalogues/{locale}/catalogue",
      include: [
        "<rootDir>/src/web/routes/shop.tsx",
        "<rootDir>/src/web/features/catalogue/components",
        // The cards' Add says so with this toast.
        "<rootDir>/src/web/features/cart/use-add-to-cart.ts",
      ],
      exclude: ["**/*.test.*"],
    },
    {
      // The cart, and what the checkout and the confirmation show of it.
      path: "<rootDir>/src/shared/i18n/catalogues/{locale}/cart",
      include: [
        "<rootDir>/src/web/routes/cart.tsx",
        "<rootDir>/src/web/features/cart/components",
        "<rootDir>/src/web/features/cart/empty-cart.tsx",
        "<rootDir>/src/web/components/price-summary.tsx",
      ],
      exclude: ["**/*.test.*"],
    },
    {
      // What the forms share: the shared checks' messages and choices, the form parts, the API's
      // answers the browser shows.
      path: "<rootDir>/src/shared/i18n/catalogues/{locale}/forms",
      include: [
        "<rootDir>/src/shared/contracts",
        "<rootDir>/src/shared/rules",
        "<rootDir>/src/web/components/ui",
        "<rootDir>/src/web/lib",
      ],
      // Shared texts only one area's pages show are in that area's catalogue.
      exclude: [
        "**/*.test.*",
        "<rootDir>/src/shared/rules/measure.ts",
        "<rootDir>/src/shared/contracts/account-deletion.ts",
        "<rootDir>/src/shared/contracts/account.ts",
        "<rootDir>/src/shared/contracts/bulk-orders.ts",
        "<rootDir>/src/shared/contracts/bulk-request-form.ts",
        "<rootDir>/src/shared/rules/bulk-changes.ts",
        "<rootDir>/src/shared/rules/bulk-quote.ts",
        "<rootDir>/src/shared/rules/event-types.ts",
        "<rootDir>/src/shared/contracts/support-form.ts",
        "<rootDir>/src/shared/rules/staff.ts",
        "<rootDir>/src/shared/rules/buy-again.ts",
        "<rootDir>/src/shared/rules/packed-weight.ts",
      ],
    },
    {
      // Checking out and paying: the checkout, the payment window, the confirmation.
      path: "<rootDir>/src/shared/i18n/catalogues/{locale}/checkout",
      include: [
        "<rootDir>/src/web/routes/checkout.tsx",
        "<rootDir>/src/web/routes/order-confirmation.tsx",
        "<rootDir>/src/web/routes/test-checkout.tsx",
        "<rootDir>/src/web/features/checkout",
        "<rootDir>/src/web/features/payments",
      ],
      exclude: ["**/*.test.*"],
    },
    {
      // An order after it is placed: tracking it, the shopper's orders.
      path: "<rootDir>/src/shared/i18n/catalogues/{locale}/orders",
      include: [
        // The shared checks and words only these pages show.
        "<rootDir>/src/shared/rules/buy-again.ts",
        "<rootDir>/src/shared/rules/packed-weight.ts",
        "<rootDir>/src/web/routes/order-tracking.tsx",
        "<rootDir>/src/web/routes/my-orders.tsx",
        "<rootDir>/src/web/features/orders",
      ],
      exclude: ["**/*.test.*"],
    },
    {
      // Signing up and in, codes, passwords, the account page.
      path: "<rootDir>/src/shared/i18n/catalogues/{locale}/account",
      include: [
        // The shared checks and words only these pages show.
        "<rootDir>/src/shared/contracts/account-deletion.ts",
        "<rootDir>/src/shared/contracts/account.ts",
        "<rootDir>/src/web/routes/login.tsx",
        "<rootDir>/src/web/routes/signup.tsx",
        "<rootDir>/src/web/routes/otp-verification.tsx",
        "<rootDir>/src/web/routes/forgot-password.tsx",
        "<rootDir>/src/web/routes/reset-password.tsx",
        "<rootDir>/src/web/routes/account.tsx",
        "<rootDir>/src/web/routes/account-deleted.tsx",
        "<rootDir>/src/web/features/account",
      ],
      exclude: [
        "**/*.test.*",
        "<rootDir>/src/web/features/account/components/account-area.tsx",
        "<rootDir>/src/web/features/account/components/unverified-banner.tsx",
      ],
    },
    {
      // Customer support: the form, the questions, a ticket's conversation.
      path: "<rootDir>/src/shared/i18n/catalogues/{locale}/support",
      include: [
        // The shared checks and words only these pages show.
        "<rootDir>/src/shared/contracts/support-form.ts",
        "<rootDir>/src/shared/rules/staff.ts",
        "<rootDir>/src/web/routes/customer-support.tsx",
        "<rootDir>/src/web/routes/support-ticket.tsx",
        "<rootDir>/src/web/features/support",
        "<rootDir>/src/web/components/conversation.tsx",
        "<rootDir>/src/web/components/thread-form.tsx",
      ],
      exclude: ["**/*.test.*"],
    },
    {
      // Event (bulk) orders: the request, its confirmation and quote, the advance.
      path: "<rootDir>/src/shared/i18n/catalogues/{locale}/bulk",
      include: [
        // The shared checks and words only these pages show.
        "<rootDir>/src/shared/contracts/bulk-orders.ts",
        "<rootDir>/src/shared/contracts/bulk-request-form.ts",
        "<rootDir>/src/shared/rules/bulk-changes.ts",
        "<rootDir>/src/shared/rules/bulk-quote.ts",
        "<rootDir>/src/shared/rules/event-types.ts",
        "<rootDir>/src/web/routes/bulk-order-request.tsx",
        "<rootDir>/src/web/routes/bulk-order-confirmation.tsx",
        "<rootDir>/src/web/features/bulk-orders",
      ],
      exclude: ["**/*.test.*"],
    },
    {
      // The shop's own pages: about, privacy, terms.
      path: "<rootDir>/src/shared/i18n/catalogues/{locale}/pages",
      include: [
        "<rootDir>/src/web/routes/about.tsx",
        "<rootDir>/src/web/routes/privacy.tsx",
        "<rootDir>/src/web/routes/terms.tsx",
        "<rootDir>/src/web/components/text-page.tsx",
      ],
      exclude: ["**/*.test.*"],
    },
    {
      // What the server writes for a shopper after the page: mails and GST documents' labels.
      path: "<rootDir>/src/shared/i18n/catalogues/{locale}/emails",
      include: [
        "<rootDir>/src/server/modules/mail/email-layout.tsx",
        "<rootDir>/src/server/modules/mail/letter.tsx",
        "<rootDir>/src/server/modules/checkout/order-email.tsx",
        "<rootDir>/src/server/modules/fulfilment/order-status-email.ts",
        "<rootDir>/src/server/modules/support/support-email.ts",
        "<rootDir>/src/server/modules/bulk-orders/bulk-order-emails.ts",
        // The account's own mails: its codes and its news (the staff's warning stays English).
        "<rootDir>/src/server/modules/auth/code-mail.tsx",
        "<rootDir>/src/server/modules/auth/password-changed-mail.ts",
        "<rootDir>/src/server/modules/auth/email-changed-mail.ts",
        "<rootDir>/src/server/modules/auth/sign-in-warning-mail.ts",
        "<rootDir>/src/server/modules/account/account-deleted-mail.ts",
        "<rootDir>/src/server/modules/invoices",
        "<rootDir>/src/server/markup",
        // The pages' description for search engines, which the server writes into their head.
        "<rootDir>/src/server/http/page-description.ts",
      ],
      exclude: ["**/*.test.*"],
    },
  ],
});
