// A new product's id is made from its name, once: it then stays, so links and past orders keep it.
export const PRODUCT_SLUG_MAX_LENGTH = 60;

/** "Alphonso Mangoes (Ratnagiri)" -> "alphonso-mangoes-ratnagiri". */
export function productSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, PRODUCT_SLUG_MAX_LENGTH)
    .replace(/-+$/g, "");
  return slug || "product";
}

/** The first of `slug`, `slug-2`, `slug-3`, ... that `taken` does not hold. */
export function uniqueProductSlug(name: string, taken: ReadonlySet<string>): string {
  const base = productSlug(name);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
