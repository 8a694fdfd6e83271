// The module scripts/page-texts.ts serves: each page's texts in each language, loaded on demand.
declare module "virtual:page-texts" {
  import type { Messages } from "@lingui/core";
  export const PAGE_TEXTS: Record<string, () => Promise<{ messages: Messages }>>;
}
