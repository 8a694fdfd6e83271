import { describe, expect, it } from "vitest";
import { csvRow, parseCsv } from "./csv-text.ts";
import { isHsnCode } from "./hsn-code.ts";
import { paiseToRupeesText, readRupees, rupeesTextToPaise } from "./product-form.ts";
import { productSlug, uniqueProductSlug } from "./product-slug.ts";
import { daysOfCover, isLowStock } from "./stock-movement.ts";

describe("inventory rules", () => {
  it("reads CSV as spreadsheets write it", () => {
    const { records, unclosed } = parseCsv(
      '\ufeffid,name,price\r\nmangoes,"Mangoes, ""Alphonso""",600\r\n\r\nokra,"Okra\nfresh",40',
    );
    expect(unclosed).toBeUndefined();
    expect(records).toEqual([
      { line: 1, cells: ["id", "name", "price"] },
      { line: 2, cells: ["mangoes", 'Mangoes, "Alphonso"', "600"] },
      { line: 4, cells: ["okra", "Okra\nfresh", "40"] },
    ]);
    expect(parseCsv('id,name\nx,"open').unclosed).toBe(2);
  });

  it("writes cells that survive a spreadsheet and run nothing", () => {
    expect(csvRow(["a,b", 'say "hi"', 12, null, "=HYPERLINK(1)", "-5 kg"])).toBe(
      `"a,b","say ""hi""",12,,'=HYPERLINK(1),'-5 kg`,
    );
    expect(parseCsv(csvRow(["a,b", 'say "hi"'])).records[0]?.cells).toEqual(["a,b", 'say "hi"']);
  });

  it("turns rupees as typed into paise", () => {
    expect(rupeesTextToPaise("45")).toBe(4500);
    expect(rupeesTextToPaise("45.5")).toBe(4550);
    expect(rupeesTextToPaise("₹ 1,200.05")).toBe(120005);
    expect(rupeesTextToPaise("45.555")).toBeUndefined();
    expect(rupeesTextToPaise("-3")).toBeUndefined();
    expect(rupeesTextToPaise("abc")).toBeUndefined();
    expect(rupeesTextToPaise("")).toBeUndefined();
    expect(paiseToRupeesText(4550)).toBe("45.50");
    expect(paiseToRupeesText(4500)).toBe("45");
  });

  it("reads thousands grouped the Indian or the international way, and guesses nothing else", () => {
    expect(readRupees("1,200")).toEqual({ paise: 120_000 });
    expect(readRupees("1,00,000")).toEqual({ paise: 10_000_000 });
    expect(readRupees("10,00,000.50")).toEqual({ paise: 100_000_050 });
    expect(readRupees("100,000")).toEqual({ paise: 10_000_000 });
    expect(readRupees("12,500")).toEqual({ paise: 1_250_000 });
    expect(readRupees("₹ 80")).toEqual({ paise: 8_000 });
    expect(readRupees("1,2,00")).toEqual({ problem: "grouping" });
    expect(readRupees("10,000,00")).toEqual({ problem: "grouping" });
    expect(readRupees(",200")).toEqual({ problem: "grouping" });
    expect(readRupees("12,5")).toEqual({ problem: "decimalComma" });
    expect(readRupees("12,50")).toEqual({ problem: "decimalComma" });
    expect(readRupees("1.2.3")).toEqual({ problem: "format" });
    expect(readRupees("1,200.555")).toEqual({ problem: "format" });
    expect(readRupees("12e3")).toEqual({ problem: "format" });
  });

  it("makes a product id from its name, unique among the taken ones", () => {
    expect(productSlug("Alphonso Mangoes (Ratnagiri)")).toBe("alphonso-mangoes-ratnagiri");
    expect(productSlug("Café Crème")).toBe("cafe-creme");
    expect(productSlug("!!!")).toBe("product");
    expect(uniqueProductSlug("Okra", new Set(["okra", "okra-2"]))).toBe("okra-3");
  });

  it("knows an HSN code, days of cover and low stock", () => {
    expect(["0804", "080450", "08045010"].every(isHsnCode)).toBe(true);
    expect(["080", "08045", "0804501", "08O4", ""].some(isHsnCode)).toBe(false);
    expect(daysOfCover(20, 14)).toBe(10);
    expect(daysOfCover(20, 0)).toBeNull();
    expect(isLowStock(5, 5)).toBe(true);
    expect(isLowStock(6, 5)).toBe(false);
    expect(isLowStock(0, 5)).toBe(false);
  });
});
