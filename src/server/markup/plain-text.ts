// The plain-text part of a mail is made from its HTML, so the two always say the same thing.
// Components steer the conversion with a `data-text` attribute:
//   data-text="skip"   left out of the text (the hidden preheader, a decorative line);
//   data-text="label"  a table cell read as "Label: " before the value beside it;
//   data-text="action" a button read as "Label: https://...";
//   data-text="aside"  a note set on its own line in the HTML, read in brackets after its line.
import { compile, type FormatCallback } from "html-to-text";

const label: FormatCallback = (elem, walk, builder) => {
  walk(elem.children, builder);
  builder.addInline(": ");
};

const action: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  walk(elem.children, builder);
  builder.addInline(`: ${elem.attribs?.href ?? ""}`);
  builder.closeBlock({ trailingLineBreaks: 2 });
};

const convert = compile({
  wordwrap: false,
  formatters: { label, action },
  selectors: [
    { selector: "head", format: "skip" },
    { selector: "[data-text=skip]", format: "skip" },
    { selector: "td[data-text=label]", format: "label" },
    { selector: "th[data-text=label]", format: "label" },
    { selector: "a[data-text=action]", format: "action" },
    { selector: "br[data-text=skip]", format: "skip" },
    {
      selector: "span[data-text=aside]",
      format: "inlineSurround",
      options: { prefix: " (", suffix: ")" },
    },
    { selector: "a", options: { linkBrackets: ["(", ")"], hideLinkHrefIfSameAsText: true } },
    { selector: 'a[href^="mailto:"]', format: "inline" },
    { selector: 'a[href^="tel:"]', format: "inline" },
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    {
      selector: "table",
      format: "block",
      options: { leadingLineBreaks: 2, trailingLineBreaks: 2 },
    },
    { selector: "tr", format: "block", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: "p", options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
  ],
});

export function htmlToPlainText(html: string): string {
  return `${convert(html).trim()}\n`;
}
