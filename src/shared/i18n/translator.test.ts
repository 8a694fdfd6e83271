import { describe, expect, it } from "vitest";
import { textKey } from "./text-key.ts";
import { I18n, keyedByText, type Messages } from "./translator.ts";

/** A translator holding `messages`, given as the catalogues write them. */
const translator = (locale: string, messages: Messages) => new I18n(locale, keyedByText(messages));

const CART = "Cart, {count, plural, one {# item} other {# items}}";
const ODIA: Messages = {
  [CART]: ["କାର୍ଟ, ", ["count", "plural", { one: ["#", "ଟି ଜିନିଷ"], other: ["#", "ଟି ଜିନିଷ"] }]],
  "Loading {store}": [["store"], " ଖୋଲୁଛି"],
  Vegetables: ["ପରିବା"],
};

describe("the store's translator", () => {
  it("answers a text with its translation, and its values in their places", () => {
    const or = translator("or", ODIA);
    expect(or._("Vegetables")).toBe("ପରିବା");
    expect(or._("Loading {store}", { store: "Fresh Harvest Hub" })).toBe("Fresh Harvest Hub ଖୋଲୁଛି");
    expect(or._(CART, { count: 3 })).toBe("କାର୍ଟ, 3ଟି ଜିନିଷ");
  });

  it("picks a plural's case by the language's rules, an exact case first", () => {
    const en = translator("en", {
      [CART]: ["Cart, ", ["count", "plural", { one: ["#", " item"], other: ["#", " items"] }]],
      "{n, plural, =0 {No orders} one {# order} other {# orders}}": [
        ["n", "plural", { "=0": ["No orders"], one: ["#", " order"], other: ["#", " orders"] }],
      ],
    });
    expect(en._(CART, { count: 1 })).toBe("Cart, 1 item");
    expect(en._(CART, { count: 2 })).toBe("Cart, 2 items");
    expect(en._("{n, plural, =0 {No orders} one {# order} other {# orders}}", { n: 0 })).toBe(
      "No orders",
    );
    // Indian grouping, Latin digits, in every language (decision 56).
    expect(en._(CART, { count: 100000 })).toBe("Cart, 1,00,000 items");
    expect(translator("hi", ODIA)._(CART, { count: 2 })).toBe("କାର୍ଟ, 2ଟି ଜିନିଷ");
  });

  it("chooses a select's case by its value, or its other", () => {
    const text = "{kind, select, cash {Pay on delivery} other {Paid}}";
    const en = translator("en", {
      [text]: [["kind", "select", { cash: ["Pay on delivery"], other: ["Paid"] }]],
    });
    expect(en._(text, { kind: "cash" })).toBe("Pay on delivery");
    expect(en._(text, { kind: "upi" })).toBe("Paid");
  });

  it("answers a text it does not hold as written, and a value left out as nothing", () => {
    const or = translator("or", ODIA);
    expect(or._("A text written after the catalogues were made")).toBe(
      "A text written after the catalogues were made",
    );
    expect(or._("Loading {store}")).toBe(" ଖୋଲୁଛି");
    // A text it lacks, with values: in English, its simple values in place (never "{reference}").
    expect(or._("Sent as {reference}", { reference: "FHH-123456" })).toBe("Sent as FHH-123456");
  });

  it("tells its listeners only when a text it holds reads differently", () => {
    const or = translator("or", ODIA);
    let told = 0;
    const stop = or.onChange(() => told++);
    // Another page's texts, or the same words again from it: nothing shown changes.
    or.load(keyedByText({ Fruits: ["ଫଳ"], Vegetables: ["ପରିବା"] }));
    expect(told).toBe(0);
    expect(or._("Fruits")).toBe("ଫଳ");
    or.load(keyedByText({ Vegetables: ["ପରିବା ଓ ଶାଗ"] }));
    expect(told).toBe(1);
    expect(or._("Vegetables")).toBe("ପରିବା ଓ ଶାଗ");
    stop();
    or.load(keyedByText({ Vegetables: ["ପରିବା"] }));
    expect(told).toBe(1);
  });

  it("holds texts by a short key of their English words, and answers by those words", () => {
    const or = translator("or", ODIA);
    expect(or.has("Vegetables")).toBe(true);
    expect(or.has("vegetables")).toBe(false);
    expect(or.has("A text written after the catalogues were made")).toBe(false);
    // A page downloads the key, not the sentence: a long text's key is as short as a short one's.
    const long = "Refund requests must reach us within {hours} hours of delivery.".repeat(4);
    expect(textKey(long)).toMatch(/^[0-9a-z]{1,7}$/);
    expect(textKey(long)).not.toBe(textKey(long.slice(1)));
    expect(textKey("Vegetables")).toBe(textKey("Vegetables"));
  });
});
