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
        "<rootDir>/src/shared/catalogue.ts",
        "<rootDir>/src/shared/store-info.ts",
      ],
      exclude: ["**/*.test.*"],
    },
    {
      // The home page: the hero, the welcome, why the shop.
      path: "<rootDir>/src/shared/i18n/catalogues/{locale}/home",
      include: ["<rootDir>/src/web/routes/home.tsx", "<rootDir>/src/web/features/home"],
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
  ],
});
