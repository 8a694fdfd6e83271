// The pieces mails are made of. Each takes plain strings (what people typed included) and lets
// React escape them; none accepts markup.
import type { ReactNode } from "react";
import { UserText } from "../../markup/user-text.tsx";
import { Frame } from "./email-layout.tsx";
import { BODY_TEXT, BRAND, FONT, INK, MUTED, RULE, TINT } from "./email-style.ts";

export function Paragraph({ children, muted }: { children: ReactNode; muted?: boolean }) {
  const tone = muted ? { color: MUTED, fontSize: "13px" } : {};
  return <p style={{ margin: "0 0 10px", ...BODY_TEXT, ...tone }}>{children}</p>;
}

export function SectionHeading({ children }: { children: string }) {
  return (
    <p
      style={{
        margin: "20px 0 6px",
        ...FONT,
        fontSize: "12px",
        fontWeight: 700,
        letterSpacing: "1px",
        textTransform: "uppercase",
        color: BRAND,
      }}
    >
      {children}
    </p>
  );
}

export type DetailRow = [label: string, value: string];

/** Label and value rows, e.g. a ticket's details; values keep the line breaks typed into them. */
export function DetailsTable({ rows }: { rows: readonly DetailRow[] }) {
  const cell = {
    padding: "6px 0",
    borderBottom: `1px solid ${RULE}`,
    ...FONT,
    fontSize: "14px",
    verticalAlign: "top",
  } as const;
  return (
    <Frame>
      {rows.map(([label, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat (two lines of one name)
        <tr key={index}>
          <td data-text="label" style={{ ...cell, color: MUTED, width: "38%", paddingRight: 12 }}>
            <UserText>{label}</UserText>
          </td>
          <td style={{ ...cell, color: INK }}>
            <UserText>{value}</UserText>
          </td>
        </tr>
      ))}
    </Frame>
  );
}

/** The mail's one call to action, e.g. "View your order". */
export function ActionButton({ label, href }: { label: string; href: string }) {
  return (
    <table
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={{ margin: "22px 0 8px" }}
    >
      <tbody>
        <tr>
          <td style={{ background: BRAND, borderRadius: "4px" }}>
            <a
              data-text="action"
              href={href}
              style={{
                display: "inline-block",
                padding: "12px 22px",
                ...FONT,
                fontSize: "15px",
                fontWeight: 700,
                color: "#ffffff",
                textDecoration: "none",
              }}
            >
              {label}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** A highlighted note, e.g. the amount due; one line per entry. */
export function Callout({ lines }: { lines: readonly string[] }) {
  return (
    <Frame style={{ margin: "14px 0", background: TINT, borderLeft: `4px solid ${BRAND}` }}>
      <tr>
        <td style={{ padding: "10px 14px", ...BODY_TEXT, lineHeight: 1.6 }}>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder
            <div key={index}>
              <UserText>{line}</UserText>
            </div>
          ))}
        </td>
      </tr>
    </Frame>
  );
}

/** A message someone wrote, quoted whole: a support message, a reply from the shop. */
export function Quote({ author, children }: { author: string; children: string }) {
  return (
    <Frame style={{ margin: "10px 0", borderLeft: `3px solid ${RULE}` }}>
      <tr>
        <td style={{ padding: "6px 12px", ...BODY_TEXT }}>
          <p style={{ margin: "0 0 4px", color: MUTED, fontSize: "12px" }}>
            <UserText>{author}</UserText>
          </p>
          <p style={{ margin: 0 }}>
            <UserText>{children}</UserText>
          </p>
        </td>
      </tr>
    </Frame>
  );
}
