// @vitest-environment jsdom
// Every mail the shop sends, built with hostile text in every field a person can type: markup,
// an attribute break-out, bidi controls and a very long value. Each typed field gets each hostile
// value in turn (one "set" per turn), and every mail must stay inert HTML that shows the text as
// typed, in its HTML and in its plain text, with a right-to-left override isolated in `<bdi>`.
// A mail to an address nobody has shown is theirs (an acknowledgement, a bulk request's mails)
// must not show what the sender typed at all.
import { describe, expect, it } from "vitest";
import { STORE } from "../../../shared/store-info.ts";
import { EMAILS, typist } from "../../testing/every-mail.ts";
import { parseHtml as parse } from "../../testing/html-text.ts";
import { mailBuilders } from "../../testing/mail-builders.ts";

const SCRIPT = "<script>alert(1)</script>";
const ATTRIBUTE = '" onmouseover="alert(1)';
const IMAGE = "'><img src=x onerror=alert(1)>";
const RLO = "\u202Eevil";
const RLM = "\u200F";
const LONG = "ह".repeat(2000);
const HOSTILE = [SCRIPT, ATTRIBUTE, IMAGE, RLO, RLM, LONG] as const;
/** The values that are markup if they reach the HTML unescaped. */
const MARKUP = [SCRIPT, ATTRIBUTE, IMAGE] as const;
/** A typed line break trying to add a mail header. */
const CRLF_NAME = "Asha\r\nBcc: victim@example.com";

/** A row's builder: its name, less what sets its variant apart in brackets. */
const builderOf = (email: string) => email.split(" ")[0]!;

/** One row per mail and hostile set: set n starts the cycle at the n-th hostile value. */
const ROWS = EMAILS.flatMap(({ email, starts, build }) =>
  HOSTILE.map((_, set) => ({
    name: `${email}, hostile set ${set + 1}`,
    email,
    starts,
    ...build(typist(HOSTILE, set)),
  })),
);

/** How React writes a text into HTML. */
const escaped = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

function textNodes(document: Document): Text[] {
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

describe("the table", () => {
  it("holds every mail the store's source builds, and nothing else", () => {
    const tabled = new Set(EMAILS.map(({ email }) => builderOf(email)));
    expect([...tabled].sort()).toEqual(mailBuilders().sort());
  });

  it("shows every hostile value whole in some set of every mail a person types into", () => {
    // Code mails show nothing typed; the account's own news only a greeting's first word.
    const greetingOnly = ["passwordChangedMail", "accountDeletedMail", "emailChangedMail"];
    const shownWhole = EMAILS.filter(
      ({ email }) =>
        builderOf(email) !== "codeMail" &&
        !greetingOnly.includes(builderOf(email)) &&
        ROWS.some((row) => row.email === email && row.shown.length > 0),
    );
    for (const { email } of shownWhole) {
      const shown = ROWS.filter((row) => row.email === email).flatMap((row) => row.shown);
      for (const value of HOSTILE) expect(shown, `${email} never shows it`).toContain(value);
    }
  });
});

describe.each(ROWS)("$name", ({ mail, shown, hidden, starts }) => {
  const document = parse(mail.html);

  it("is an inert HTML document: no active elements, handlers or script links", () => {
    expect(mail.html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(document.doctype?.name).toBe("html");
    expect(document.querySelector("body h1")).not.toBeNull();
    const active = document.querySelectorAll(
      "script, img, svg, iframe, style, link, object, embed, base, form",
    );
    expect([...active].map((element) => element.outerHTML)).toEqual([]);
    const elements = [...document.querySelectorAll("*")];
    const handlers = elements.flatMap((element) =>
      element
        .getAttributeNames()
        .filter((name) => name.toLowerCase().startsWith("on"))
        .map((name) => `${element.tagName} ${name}`),
    );
    expect(handlers).toEqual([]);
    const hrefs = elements.flatMap((element) => element.getAttribute("href") ?? []);
    expect(hrefs.filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
    const links = [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")!);
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(href).toMatch(/^(https:|mailto:|tel:)/);
  });

  it("writes typed text only escaped, and shows it whole as text", () => {
    for (const value of MARKUP) expect(mail.html).not.toContain(value);
    expect(mail.html.toLowerCase()).not.toMatch(/<(script|img)/);
    const text = document.documentElement.textContent ?? "";
    for (const value of shown) {
      expect(mail.html).toContain(escaped(value));
      expect(text).toContain(value);
    }
  });

  it.runIf(hidden !== undefined)("shows none of the sender's typed text", () => {
    // A value some shown field also holds (the cycle of values comes round) is not the sender's.
    const own = hidden!.filter(
      (value) => !shown.some((other) => other.includes(value) || value.includes(other)),
    );
    for (const value of own) {
      expect(mail.html).not.toContain(escaped(value));
      expect(mail.text).not.toContain(value);
      expect(mail.subject).not.toContain(value);
    }
  });

  it("has a plain text part with the typed text verbatim, the greeting and the shop's address", () => {
    expect(mail.text.startsWith(starts)).toBe(true);
    expect(mail.text).toContain(STORE.supportEmail);
    expect(mail.text).not.toMatch(/&(lt|gt|amp|quot|apos|#x?[0-9a-f]+);/i);
    for (const value of shown) expect(mail.text).toContain(value);
  });

  it("isolates a right-to-left override in <bdi>", () => {
    const overridden = textNodes(document).filter((node) => node.data.includes("\u202E"));
    if (shown.some((value) => value.includes("\u202E"))) {
      expect(overridden.length).toBeGreaterThan(0);
    }
    const outside = overridden
      .filter((node) => !node.parentElement?.closest("bdi"))
      .map((node) => `<${node.parentElement?.tagName.toLowerCase()}> ${node.data}`);
    expect(outside).toEqual([]);
  });

  it("has a one-line subject", () => {
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});

describe.each(EMAILS)("$email with a line break typed into every field", ({ build }) => {
  const { mail } = build(typist([CRLF_NAME]));

  it("keeps its subject on one line", () => {
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});
