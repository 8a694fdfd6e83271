import { beforeAll, describe, expect, it } from "vitest";
import { textKey } from "../src/shared/i18n/text-key.ts";
import { FRAME_TEXTS } from "../src/web/lib/i18n/page-texts-names.ts";
import { compiledTexts, keysOf, madePageTexts, pageTexts } from "./page-texts.ts";

let texts: Map<string, Set<string>>;

beforeAll(() => {
  texts = pageTexts();
});

const textsOf = (name: string) => {
  const found = texts.get(name);
  if (!found) throw new Error(`no texts for ${name}`);
  return found;
};

describe("each page's texts, as the build works them out", () => {
  it("gives the frame the header's and footer's words, and no page's", () => {
    const frame = textsOf(FRAME_TEXTS);
    expect(frame).toContain("Skip to content");
    expect(frame).toContain("Quick Links");
    expect(frame).not.toContain("Forgot password?");
    expect(frame).not.toContain("Place Order");
  });

  it("gives the login page its own words and the checks it runs, not the account page's or the checkout's", () => {
    const login = textsOf("routes/login");
    expect(login).toContain("Forgot password?");
    // The login form's check comes with the frame, whose account menu imports the same rules.
    expect([...login, ...textsOf(FRAME_TEXTS)]).toContain("Please enter both email and password");
    // The account page's, the deletion's and the payment's words stay with their pages.
    expect(textsOf("routes/account")).toContain("Saved addresses");
    expect(login).not.toContain("Saved addresses");
    expect(login).not.toContain("Credit/Debit Card");
  });

  it("brings no texts in through a module the frame imports only for its types", () => {
    // The account area in the header imports the account contract's types, not its checks.
    expect(textsOf(FRAME_TEXTS)).not.toContain("Please log in to see your account.");
    expect(textsOf("routes/account")).toContain("Please log in to see your account.");
  });

  it("repeats none of the frame's texts in a page's", () => {
    const frame = textsOf(FRAME_TEXTS);
    for (const [name, own] of texts) {
      if (name === FRAME_TEXTS) continue;
      expect(
        [...own].filter((text) => frame.has(text)),
        name,
      ).toEqual([]);
    }
  });

  it("keeps a part loaded later with its own texts apart from its page's", () => {
    const form = textsOf("features/feedback/components/feedback-form");
    expect(form).toContain("Send Feedback");
    expect(textsOf("routes/home")).not.toContain("Send Feedback");
  });

  it("makes each page's texts in every language", () => {
    const made = new Set(madePageTexts());
    for (const locale of ["or", "hi"]) {
      for (const name of ["frame", "routes/login", "routes/checkout", "routes/shop"]) {
        expect(made, `${locale}/${name}`).toContain(`${locale}/${name}`);
      }
    }
    // English holds only texts with values: the shop's cart button counts its items.
    expect(made).toContain("en/frame");
  });

  it("takes from a table of texts only the keys a page's code reads, through re-exports and borrowings", () => {
    const login = textsOf("routes/login");
    const frame = textsOf(FRAME_TEXTS);
    // COMMON_TEXTS.email is read on the login page; the rest of that table is other pages'.
    expect([...login, ...frame]).toContain("Email");
    expect([...login, ...frame]).not.toContain("Open the demo mailbox");
    expect(textsOf("routes/order-confirmation")).toContain("Open the demo mailbox");
    // A table read by a key that is a value (`BANK_LABELS[bank]`) comes whole.
    expect(textsOf("routes/bulk-order-confirmation")).toContain("Kotak Mahindra Bank");
    // Read through the contract's re-export of the event types' labels.
    expect(textsOf("routes/bulk-order-request")).toContain("Family Event");
    // The payment's and the checkout's words the event request page's code never reads.
    const request = textsOf("routes/bulk-order-request");
    expect(request).not.toContain("Kotak Mahindra Bank");
    expect(request).not.toContain(
      "We are taking a lot of orders right now. Please press Place Order again in a moment.",
    );
    // One table's key borrowed by another (TICKET_TEXT.loading is TICKET_LIST_TEXT's).
    expect(textsOf("routes/support-ticket")).toContain("Loading your message");
  });

  it("gives every text a key of its own, and refuses two texts with one", () => {
    const compiled = compiledTexts();
    const keys = keysOf(compiled);
    expect(keys.size).toBe(new Set([...compiled.values()].flatMap(Object.keys)).size);
    expect(new Set(keys.values()).size).toBe(keys.size);
    // Two texts FNV-1a gives one key: the browser would show one's translation for the other.
    const [first, second] = ["Fresh fruit 289848", "Fresh fruit 1110512"];
    expect(textKey(first)).toBe(textKey(second));
    const clashing = new Map([
      ["or", { [first]: "ଫଳ" }],
      ["hi", { [second]: "फल" }],
    ]);
    expect(() => keysOf(clashing)).toThrow(/have one key/);
  });
});
