// How the build (scripts/page-texts.ts) and the storefront name the texts of each part of it.

/** The frame's texts: the header, the footer, the language switch, the error pages. */
export const FRAME_TEXTS = "frame";

/** A page's texts by its module: "routes/login" for src/web/routes/login.tsx. */
export const textsNameOf = (moduleInWeb: string) => moduleInWeb.replace(/\.tsx?$/, "");

/** The module of a page's texts in one language, as the build's manifest names it (preloads). */
export const pageTextsModule = (locale: string, name: string) => `page-texts/${locale}/${name}.ts`;

/** A language's index of its page texts: its own module, so a page fetches its language's only. */
export const TEXTS_INDEX = "index";
