// The store's branded frame around every mail: a hidden preheader for the inbox preview, the
// brand header, the title, the mail's pieces, and the shop's contact footer. The plain text
// starts at the greeting, as a letter does: the header and title are for the eye.

import type { CSSProperties, ReactNode } from "react";
import { isLocale, LOCALE_INFO } from "../../../shared/i18n/locales.ts";
import type { I18n } from "../../../shared/i18n/translator.ts";
import { STORE } from "../../../shared/store-info.ts";
import { translatorFor } from "../../i18n/translator.ts";
import { translatedParts } from "../../markup/translated-parts.ts";
import { BRAND, FONT, MUTED, RULE } from "./email-style.ts";

export function EmailLayout(props: {
  subject: string;
  preheader: string;
  title: ReactNode;
  children: ReactNode;
  /** The mail's language: the frame's words and its `lang` (English unless the mail says). */
  i18n?: I18n;
}) {
  const i18n = props.i18n ?? translatorFor("en");
  const link = { color: BRAND };
  return (
    <html lang={LOCALE_INFO[isLocale(i18n.locale) ? i18n.locale : "en"].htmlLang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: "#eef2ee" }}>
        <div data-text="skip" style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>
          {props.preheader}
        </div>
        <Frame style={{ background: "#eef2ee" }}>
          <tr>
            <td align="center" style={{ padding: "24px 12px" }}>
              <Frame style={{ maxWidth: "600px", background: "#ffffff" }}>
                <tr>
                  <td data-text="skip" style={{ background: BRAND, padding: "20px 24px", ...FONT }}>
                    <p style={{ margin: 0, fontSize: "22px", fontWeight: 700, color: "#ffffff" }}>
                      {STORE.name}
                    </p>
                    <p style={{ margin: "4px 0 0", fontSize: "13px", color: "#ffffff" }}>
                      {i18n._(STORE.tagline)}
                    </p>
                  </td>
                </tr>
                <tr>
                  <td style={{ padding: "24px" }}>
                    <h1
                      data-text="skip"
                      style={{ margin: "0 0 10px", ...FONT, fontSize: "20px", color: "#14301a" }}
                    >
                      {props.title}
                    </h1>
                    {props.children}
                  </td>
                </tr>
                <tr>
                  <td
                    style={{
                      padding: "16px 24px",
                      background: "#f6f8f6",
                      borderTop: `1px solid ${RULE}`,
                      ...FONT,
                      fontSize: "12px",
                      lineHeight: 1.6,
                      color: MUTED,
                    }}
                  >
                    <p style={{ margin: 0 }}>
                      {translatedParts(
                        i18n,
                        /*i18n*/ "Questions? Write to {email} or call {phone} ({hours}).",
                        {
                          email: (
                            <a href={`mailto:${STORE.supportEmail}`} style={link}>
                              {STORE.supportEmail}
                            </a>
                          ),
                          phone: (
                            <a href={STORE.phoneHref} style={link}>
                              {STORE.phone}
                            </a>
                          ),
                          hours: i18n._(STORE.supportHours),
                        },
                      )}
                    </p>
                    <p style={{ margin: "6px 0 0" }}>
                      {STORE.name}, {STORE.street}, {STORE.city}, {STORE.state} {STORE.pincode}
                    </p>
                  </td>
                </tr>
              </Frame>
            </td>
          </tr>
        </Frame>
      </body>
    </html>
  );
}

/** A full-width layout table, the one structure every mail client lays out alike. */
export function Frame(props: { children: ReactNode; style?: CSSProperties }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={{ borderCollapse: "collapse", ...props.style }}
    >
      <tbody>{props.children}</tbody>
    </table>
  );
}
