// The HSN codes of the produce the shop sells, and their GST rates, so the product form can
// suggest both from the category and the name. Rates follow the shop's own catalogue (the seed):
// fresh fruit, vegetables, herbs, milk and paneer carry none; curd, honey, butter and ghee 5%.
import { CATEGORY_NAMES, type CategoryId } from "../catalogue.ts";

export type HsnSuggestion = {
  hsnCode: string;
  gstRateBps: number;
  /** What the suggestion is for, in the shop's words: "Fruits", "Dairy: curd and yoghurt". */
  basis: string;
};

type NameRule = { words: readonly string[]; hsnCode: string; gstRateBps: number; what: string };

// Checked in order: a longer name ("sweet potato", "custard apple") before the word inside it.
const NAME_RULES: readonly NameRule[] = [
  {
    words: ["sweet potato", "yam", "tapioca", "colocasia", "arbi"],
    hsnCode: "0714",
    gstRateBps: 0,
    what: "roots and tubers",
  },
  {
    words: ["custard apple", "sitaphal"],
    hsnCode: "0810",
    gstRateBps: 0,
    what: "other fresh fruit",
  },
  {
    words: ["sweet lime", "mosambi", "orange", "lemon", "lime", "grapefruit", "kinnow"],
    hsnCode: "0805",
    gstRateBps: 0,
    what: "citrus fruit",
  },
  { words: ["potato"], hsnCode: "0701", gstRateBps: 0, what: "potatoes" },
  { words: ["tomato"], hsnCode: "0702", gstRateBps: 0, what: "tomatoes" },
  {
    words: ["onion", "garlic", "shallot", "leek"],
    hsnCode: "0703",
    gstRateBps: 0,
    what: "onions and garlic",
  },
  {
    words: ["cauliflower", "cabbage", "broccoli", "kohlrabi"],
    hsnCode: "0704",
    gstRateBps: 0,
    what: "cabbages and cauliflowers",
  },
  { words: ["lettuce"], hsnCode: "0705", gstRateBps: 0, what: "lettuce" },
  {
    words: ["carrot", "beetroot", "radish", "turnip"],
    hsnCode: "0706",
    gstRateBps: 0,
    what: "carrots and other roots",
  },
  { words: ["cucumber", "gherkin"], hsnCode: "0707", gstRateBps: 0, what: "cucumbers" },
  { words: ["pea", "bean"], hsnCode: "0708", gstRateBps: 0, what: "peas and beans" },
  {
    words: ["ginger", "turmeric"],
    hsnCode: "0910",
    gstRateBps: 0,
    what: "fresh ginger and turmeric",
  },
  { words: ["coconut"], hsnCode: "0801", gstRateBps: 0, what: "coconuts" },
  { words: ["banana", "plantain"], hsnCode: "0803", gstRateBps: 0, what: "bananas" },
  {
    words: ["mango", "guava", "pineapple", "avocado"],
    hsnCode: "0804",
    gstRateBps: 0,
    what: "mangoes, guavas and pineapples",
  },
  { words: ["grape"], hsnCode: "0806", gstRateBps: 0, what: "grapes" },
  {
    words: ["papaya", "watermelon", "muskmelon", "melon"],
    hsnCode: "0807",
    gstRateBps: 0,
    what: "melons and papayas",
  },
  { words: ["apple", "pear"], hsnCode: "0808", gstRateBps: 0, what: "apples and pears" },
  {
    words: ["apricot", "cherry", "cherries", "peach", "plum"],
    hsnCode: "0809",
    gstRateBps: 0,
    what: "stone fruit",
  },
  {
    words: ["curd", "dahi", "yoghurt", "yogurt", "lassi", "buttermilk", "chhach"],
    hsnCode: "0403",
    gstRateBps: 500,
    what: "curd and yoghurt",
  },
  { words: ["milk"], hsnCode: "0401", gstRateBps: 0, what: "fresh milk" },
  { words: ["ghee", "butter"], hsnCode: "0405", gstRateBps: 500, what: "butter and ghee" },
  {
    words: ["paneer", "chhena", "chena", "cheese"],
    hsnCode: "0406",
    gstRateBps: 0,
    what: "paneer",
  },
  { words: ["honey"], hsnCode: "0409", gstRateBps: 500, what: "honey" },
];

/** What a category's produce is when its name says nothing more; dairy has no one code. */
const CATEGORY_RULES: Partial<Record<CategoryId, { hsnCode: string; gstRateBps: number }>> = {
  vegetables: { hsnCode: "0709", gstRateBps: 0 },
  fruits: { hsnCode: "0810", gstRateBps: 0 },
  herbs: { hsnCode: "0709", gstRateBps: 0 },
};

/** A whole word of the name, singular or plural: "tomato" finds "Tomatoes", not "lemongrass". */
const PATTERNS = NAME_RULES.map(
  (rule) => new RegExp(`\\b(?:${rule.words.map((word) => `${word}(?:s|es)?`).join("|")})\\b`, "i"),
);

/** The HSN code and GST rate the name or, failing that, the category suggests; none without a category. */
export function suggestHsn({
  category,
  name,
}: {
  category: CategoryId | "" | undefined;
  name: string;
}): HsnSuggestion | undefined {
  if (!category) return undefined;
  const at = PATTERNS.findIndex((pattern) => pattern.test(name));
  const rule = NAME_RULES[at];
  if (rule) {
    return {
      hsnCode: rule.hsnCode,
      gstRateBps: rule.gstRateBps,
      basis: `${CATEGORY_NAMES[category]}: ${rule.what}`,
    };
  }
  const fallback = CATEGORY_RULES[category];
  return fallback && { ...fallback, basis: CATEGORY_NAMES[category] };
}
