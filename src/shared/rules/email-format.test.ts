import fc from "fast-check";
import addressparser from "nodemailer/lib/addressparser/index.js";
import { describe, expect, it } from "vitest";
import { isEmail } from "./formats.ts";

type Parsed = { address?: string; name?: string; group?: Parsed[] };
const parse = (text: string) => addressparser(text) as unknown as Parsed[];

/** Characters that matter to an address parser, so the arbitrary strings hit its cases. */
const SPECIALS = [..."@.,;:<>\"'()[]\\ \t+-_!#$%&*/=?^`{|}~aAzZ09"];
const tricky = fc
  .array(fc.oneof(fc.constantFrom(...SPECIALS), fc.string({ maxLength: 3 })), { maxLength: 40 })
  .map((parts) => parts.join(""));
/** A real-looking address with tricky text around it (or not). */
const plausible = fc
  .tuple(fc.emailAddress(), tricky, tricky, fc.integer({ min: 0, max: 3 }))
  .map(
    ([email, before, after, shape]) =>
      [email, `${before}${email}`, `${email}${after}`, `${before}${email}${after}`][shape]!,
  );

describe("an email address is one mailbox", () => {
  it.each([
    "a,b@x.in",
    "a@x.in,b@x.in",
    "a@x.in;b@x.in",
    "<x@y.in>",
    '"Asha" <a@x.in>',
    "Asha <a@x.in>",
    '"a b"@x.in',
    '"a,b"@x.in',
    "g: a@x.in;",
    "g:a@x.in,b@y.in;",
    "a@x.in (Asha)",
    "(Asha) a@x.in",
    "a@[127.0.0.1]",
    "a b@x.in",
    "a..b@x.in",
    ".a@x.in",
    "a.@x.in",
    "a@x",
    "a@x.in.",
    "a@-x.in",
    "a@x_y.in",
    `${"a".repeat(65)}@x.in`,
  ])("refuses %s", (text) => {
    expect(isEmail(text)).toBe(false);
  });

  it.each(["asha@example.in", "A.Das+veg@Mail.Example.IN", "o'brien@x.co.in", "a_b-c@x-y.in"])(
    "accepts %s",
    (text) => {
      expect(isEmail(text)).toBe(true);
    },
  );

  it("accepts only what nodemailer reads as exactly that one address, with no name", () => {
    fc.assert(
      fc.property(fc.oneof(tricky, plausible, fc.emailAddress(), fc.string()), (text) => {
        if (!isEmail(text)) return;
        const address = text.trim();
        for (const input of [text, address]) {
          const parsed = parse(input);
          expect(parsed).toHaveLength(1);
          expect(parsed[0]!.group).toBeUndefined();
          expect(parsed[0]!.address).toBe(address);
          expect(parsed[0]!.name).toBe("");
        }
      }),
      { numRuns: 5000 },
    );
  });
});
