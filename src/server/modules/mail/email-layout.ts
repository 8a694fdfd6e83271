// The store's branded email frame and the few pieces its mails are built from. Mail clients
// render tables and inline styles, not CSS blocks or scripts. Every piece escapes its text, so a
// caller hands over what shoppers typed as it is.
import { STORE } from "../../../shared/store-info.ts";
import { escapeHtml } from "../invoices/escape-html.ts";

export const BRAND = "#2f7d32";
export const FONT = "font-family:'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;";

/** Markup made by these helpers; plain strings are always escaped. */
export type Html = { readonly html: string };

/**
 * Markup a mail composes itself (a table of order lines, say). The caller vouches that every
 * piece of text inside went through escapeHtml.
 */
export const markup = (html: string): Html => ({ html });

export const paragraph = (text: string): Html =>
  markup(
    `<p style="margin:0 0 10px;${FONT}font-size:14px;line-height:1.5;color:#222;white-space:pre-line;">${escapeHtml(text)}</p>`,
  );

export const sectionHeading = (text: string): Html =>
  markup(
    `<p style="margin:20px 0 6px;${FONT}font-size:12px;font-weight:700;letter-spacing:1px;text-transform:uppercase;color:${BRAND};">${escapeHtml(text)}</p>`,
  );

/** Label and value rows, e.g. a ticket's details; values keep their line breaks. */
export function detailsTable(rows: [label: string, value: string][]): Html {
  const cell = `padding:6px 0;border-bottom:1px solid #e3e9e3;${FONT}font-size:14px;vertical-align:top;`;
  const body = rows
    .map(
      ([label, value]) =>
        `<tr><td style="${cell}color:#555;width:38%;padding-right:12px;">${escapeHtml(label)}</td><td style="${cell}color:#222;white-space:pre-line;">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  return markup(
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${body}</table>`,
  );
}

export function button(label: string, href: string): Html {
  return markup(`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:22px 0 8px;">
<tr><td style="background:${BRAND};border-radius:4px;">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;${FONT}font-size:15px;font-weight:700;color:#ffffff;text-decoration:none;">${escapeHtml(label)}</a>
</td></tr>
</table>`);
}

/** A highlighted note, e.g. the amount due. */
export const callout = (text: string): Html =>
  markup(`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:14px 0;background:#f1f8f1;border-left:4px solid ${BRAND};">
<tr><td style="padding:10px 14px;${FONT}font-size:14px;line-height:1.6;color:#222;white-space:pre-line;">${escapeHtml(text)}</td></tr>
</table>`);

/** The whole HTML document: brand header, the title, the pieces, and the shop's contact footer. */
export function emailDocument(options: {
  subject: string;
  preheader: string;
  title: string;
  body: Html[];
}): string {
  return `<!DOCTYPE html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#eef2ee;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(options.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#eef2ee;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-collapse:collapse;">
<tr><td style="background:${BRAND};padding:20px 24px;${FONT}color:#ffffff;">
<p style="margin:0;font-size:22px;font-weight:700;">${escapeHtml(STORE.name)}</p>
<p style="margin:4px 0 0;font-size:13px;color:#ffffff;">${escapeHtml(STORE.tagline)}</p>
</td></tr>
<tr><td style="padding:24px;">
<h1 style="margin:0 0 10px;${FONT}font-size:20px;color:#14301a;">${escapeHtml(options.title)}</h1>
${options.body.map((piece) => piece.html).join("\n")}
</td></tr>
<tr><td style="padding:16px 24px;background:#f6f8f6;border-top:1px solid #e3e9e3;${FONT}font-size:12px;line-height:1.6;color:#555;">
Questions? Write to <a href="mailto:${escapeHtml(STORE.supportEmail)}" style="color:${BRAND};">${escapeHtml(STORE.supportEmail)}</a>
or call <a href="${escapeHtml(STORE.phoneHref)}" style="color:${BRAND};">${escapeHtml(STORE.phone)}</a> (${escapeHtml(STORE.supportHours)}).<br>
${escapeHtml(STORE.name)}, ${escapeHtml(STORE.street)}, ${escapeHtml(STORE.city)}, ${escapeHtml(STORE.state)} ${escapeHtml(STORE.pincode)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The plain-text footer every mail ends with. */
export const TEXT_SIGNATURE = [
  `Questions? Write to ${STORE.supportEmail} or call ${STORE.phone} (${STORE.supportHours}).`,
  "",
  STORE.name,
  STORE.tagline,
].join("\n");

/** "Asha Patel" -> "Asha". */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] || "there";
