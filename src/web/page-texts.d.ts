// The modules scripts/page-texts.ts serves: each language's index of its page texts, and each
// page's texts in each language (held by `textKey`), loaded on demand.
declare module "virtual:page-texts" {
  import type { KeyedMessages } from "../shared/i18n/translator.ts";

  type Loader<T> = () => Promise<T>;
  export const PAGE_TEXTS: Record<
    string,
    Loader<{ PAGE_TEXTS: Record<string, Loader<{ messages: KeyedMessages }>> }>
  >;
}
