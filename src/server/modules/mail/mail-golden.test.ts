// What every mail says, written once and compared ever after: the subject, the HTML, the plain
// text and the attachments of each mail built from an ordinary customer's words (a line break,
// an ampersand, quotes, Odia and Hindi script included). A change to any mail's output shows
// here as a changed file to read, not as a surprise in a shopper's inbox.
import { describe, expect, it } from "vitest";
import { EMAILS, typist } from "../../testing/every-mail.ts";

/** What a customer types: a name, an address over two lines, notes with markup-like signs. */
const ORDINARY = [
  "Asha Patel",
  "Flat 4B, Lotus Residency\nSaheed Nagar, Bhubaneswar 751007",
  "Ring twice & leave it with the guard <gate 2>",
  "UPI: asha@okbank 'paid'",
  "+91 98765 43210",
  'Desi tomatoes "hybrid" ଟମାଟୋ',
  "kg",
  "आशा",
] as const;

/** What tries a text part's spacing: runs of spaces, tabs, CRLF and blank lines, invisible marks. */
const AWKWARD = [
  "  Asha   Patel  ",
  "Line one\r\nLine two\n\nLine four\n",
  "tab\tbetween and\u200bzero-width",
  "<script>alert(1)</script> &amp; ok",
  "\u202Eevil\u200F",
  " ",
] as const;

const TYPED = { ordinary: ORDINARY, awkward: AWKWARD } as const;

const fileName = (email: string) => email.replace(/[^A-Za-z0-9-]+/g, "_").replace(/_+$/, "");

describe.each(EMAILS)("$email", ({ email, build }) => {
  it.each(Object.keys(TYPED) as (keyof typeof TYPED)[])(
    "typed %s, renders exactly what it rendered when the golden file was written",
    async (typed) => {
      const { mail } = build(typist(TYPED[typed]));
      const golden = {
        subject: mail.subject,
        attachments: mail.attachments ?? [],
        text: mail.text,
        html: mail.html,
      };
      await expect(`${JSON.stringify(golden, null, 2)}\n`).toMatchFileSnapshot(
        `./__golden__/${fileName(email)}.${typed}.json`,
      );
    },
  );
});
