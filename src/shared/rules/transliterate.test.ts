import { describe, expect, it } from "vitest";
import { matchesSpellings, searchSpellings, transliterate } from "./transliterate.ts";

describe("names in Latin letters", () => {
  it("writes Hindi and Odia as they are said, the unwritten last 'a' dropped", () => {
    expect(transliterate("टमाटर")).toBe("tamaatar");
    expect(transliterate("भिंडी")).toBe("bhindii");
    expect(transliterate("ଭେଣ୍ଡି")).toBe("bhendi");
    expect(transliterate("ବାଇଗଣ")).toBe("baaigan");
    expect(transliterate("ककड़ी")).toBe("kakarii");
    expect(transliterate("ଧନିଆ ପତ୍ର")).toBe("dhaniaa patr");
    expect(transliterate("शिमला मिर्च", { medial: true })).toBe("shimlaa mirch");
    expect(transliterate("Green Peas")).toBe("green peas");
  });
});

describe("finding a product by what it is called at home", () => {
  const okra = searchSpellings(["Okra", "भिंडी", "ଭେଣ୍ଡି"]);
  const tomatoes = searchSpellings(["Tomatoes", "टमाटर", "ଟମାଟୋ"]);
  const potatoes = searchSpellings(["Potatoes", "आलू", "ଆଳୁ"]);
  const capsicum = searchSpellings(["Capsicum", "शिमला मिर्च", null]);

  it("by a transliteration, however its vowels are typed", () => {
    expect(matchesSpellings(tomatoes, "tamatar")).toBe(true);
    expect(matchesSpellings(tomatoes, "Tamaatar")).toBe(true);
    expect(matchesSpellings(okra, "bhendi")).toBe(true);
    expect(matchesSpellings(okra, "bhindi")).toBe(true);
    expect(matchesSpellings(potatoes, "aloo")).toBe(true);
    expect(matchesSpellings(potatoes, "alu")).toBe(true);
    expect(matchesSpellings(capsicum, "shimla mirch")).toBe(true);
  });

  it("by any name as written, or a part of it", () => {
    expect(matchesSpellings(okra, "ଭେଣ୍ଡି")).toBe(true);
    expect(matchesSpellings(okra, "भिंडी")).toBe(true);
    expect(matchesSpellings(tomatoes, "tomato")).toBe(true);
    expect(matchesSpellings(tomatoes, "टमा")).toBe(true);
  });

  it("and not by another product's name", () => {
    expect(matchesSpellings(potatoes, "tamatar")).toBe(false);
    expect(matchesSpellings(okra, "aloo")).toBe(false);
    expect(matchesSpellings(tomatoes, "ଭେଣ୍ଡି")).toBe(false);
  });
});
