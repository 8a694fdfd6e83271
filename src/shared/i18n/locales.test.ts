import { describe, expect, it } from "vitest";
import { isEnglishOnly, pathIn, preferredLocale, splitLocale } from "./locales.ts";

describe("an address's language", () => {
  it("reads the prefix, and only a whole first segment", () => {
    expect(splitLocale("/or/shop")).toEqual({ locale: "or", path: "/shop" });
    expect(splitLocale("/hi")).toEqual({ locale: "hi", path: "/" });
    expect(splitLocale("/hi/")).toEqual({ locale: "hi", path: "/" });
    expect(splitLocale("/shop")).toEqual({ locale: "en", path: "/shop" });
    expect(splitLocale("/orders/FHH-123456")).toEqual({ locale: "en", path: "/orders/FHH-123456" });
    expect(splitLocale("/en/shop")).toEqual({ locale: "en", path: "/en/shop" });
    expect(splitLocale("/")).toEqual({ locale: "en", path: "/" });
  });

  it("writes a path in each language, the home page without a trailing slash", () => {
    expect(pathIn("or", "/shop?category=fruits")).toBe("/or/shop?category=fruits");
    expect(pathIn("hi", "/")).toBe("/hi");
    expect(pathIn("hi", "/?welcome=1")).toBe("/hi?welcome=1");
    expect(pathIn("en", "/shop")).toBe("/shop");
    for (const path of ["/", "/shop", "/orders/FHH-000001"]) {
      expect(splitLocale(pathIn("or", path)).path).toBe(path);
    }
  });
});

describe("the pages without a language", () => {
  it("are the staff's and the demo mailbox; the test payment window takes the shopper's", () => {
    for (const path of ["/admin", "/admin/dashboard/2", "/dev/mailbox"]) {
      expect(isEnglishOnly(path), path).toBe(true);
    }
    for (const path of ["/test-checkout/order_1", "/checkout", "/administer", "/"]) {
      expect(isEnglishOnly(path), path).toBe(false);
    }
  });
});

describe("the language a browser asks for", () => {
  it("takes Odia or Hindi only when ranked above English", () => {
    expect(preferredLocale("or-IN,or;q=0.9,en;q=0.8")).toBe("or");
    expect(preferredLocale("hi")).toBe("hi");
    expect(preferredLocale("en-IN,en;q=0.9,hi;q=0.8")).toBeUndefined();
    expect(preferredLocale("en;q=0.5,hi;q=0.6")).toBe("hi");
    expect(preferredLocale("ta-IN,hi;q=0.7")).toBe("hi");
    expect(preferredLocale("hi;q=0.8,or;q=0.8")).toBe("hi");
  });

  it("ignores what is not a weight, and asks for nothing on no header", () => {
    expect(preferredLocale(undefined)).toBeUndefined();
    expect(preferredLocale("")).toBeUndefined();
    expect(preferredLocale("hi;q=0")).toBeUndefined();
    expect(preferredLocale("hi;q=abc,or;q=0.2")).toBe("or");
    expect(preferredLocale("fr-FR,de")).toBeUndefined();
    expect(preferredLocale("*")).toBeUndefined();
  });
});
