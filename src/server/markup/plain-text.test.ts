// The plain-text writer on small trees; every real mail is checked against its golden file
// (mail/__golden__), which holds what the text part was when it was parsed out of the HTML.
import { createElement as h } from "react";
import { describe, expect, it } from "vitest";
import { plainTextOf } from "./plain-text.ts";

const page = (...children: Parameters<typeof h>[2][]) =>
  h("html", null, h("head", null, h("title", null, "Left out")), h("body", null, ...children));

describe("plainTextOf", () => {
  it("sets paragraphs apart, folds whitespace and keeps a typed line break", () => {
    const text = plainTextOf(
      page(h("p", null, "Hello,"), h("p", null, "Two   words\n", h("br"), "next line")),
    );
    expect(text).toBe("Hello,\n\nTwo words\nnext line\n");
  });

  it("reads labels, actions, asides and links as the mails' data-text rules say", () => {
    const text = plainTextOf(
      page(
        h(
          "table",
          null,
          h(
            "tbody",
            null,
            h("tr", null, h("td", { "data-text": "label" }, "Total"), h("td", null, "₹80.00")),
          ),
        ),
        h("a", { "data-text": "action", href: "https://shop.in/o" }, "View your order"),
        h(
          "p",
          null,
          "Tomatoes",
          h("span", { "data-text": "aside" }, "2 kg"),
          h("span", { "data-text": "skip" }, "hidden"),
        ),
        h(
          "p",
          null,
          h("a", { href: "https://shop.in/help" }, "Help"),
          " ",
          h("a", { href: "mailto:a@shop.in" }, "a@shop.in"),
        ),
      ),
    );
    expect(text).toBe(
      "Total: ₹80.00\n\nView your order: https://shop.in/o\n\nTomatoes (2 kg)\n\nHelp (https://shop.in/help) a@shop.in\n",
    );
  });

  it("refuses an element it has no plain-text form for, so the mail fails to draw instead of losing words", () => {
    expect(() => plainTextOf(page(h("ul", null, h("li", null, "one"))))).toThrow("<ul>");
  });
});
