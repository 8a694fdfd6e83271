// The modules scripts/page-texts.ts serves: each language's index of its page texts, and each
// page's texts in each language, loaded on demand.
declare module "virtual:page-texts" {
  type Loader<T> = () => Promise<T>;
  export const PAGE_TEXTS: Record<
    string,
    Loader<{
      PAGE_TEXTS: Record<string, Loader<{ messages: Record<string, string | readonly unknown[]> }>>;
    }>
  >;
}
