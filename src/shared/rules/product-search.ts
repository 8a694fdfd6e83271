import type { Product } from "../catalogue.ts";
import { matchesSpellings, searchSpellings } from "./transliterate.ts";

// Worked out once per product object: the catalogue is the same objects until it is read again.
const spellingsKept = new WeakMap<object, string[]>();

/** What a product is found by: its names in every language (typed in Latin too), its description. */
function spellingsOf(product: Product): string[] {
  let spellings = spellingsKept.get(product);
  if (!spellings) {
    spellings = [
      ...searchSpellings([product.name, product.nameOr, product.nameHi]),
      product.description.toLowerCase(),
    ];
    spellingsKept.set(product, spellings);
  }
  return spellings;
}

/**
 * The shop's search: `needle` (trimmed, not empty) finds a product by any of its names, as
 * written or typed in Latin letters ("tamatar"), or by its description. The storefront loads
 * this (and its transliteration) only when a shopper first searches.
 */
export const matchesSearch = (product: Product, needle: string): boolean =>
  matchesSpellings(spellingsOf(product), needle);
