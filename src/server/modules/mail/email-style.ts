// The look every mail shares. Mail clients honour inline styles on tables, not CSS blocks, so
// the pieces carry these as style objects.
import type { CSSProperties } from "react";

export const BRAND = "#2f7d32";
export const INK = "#222222";
export const MUTED = "#555555";
export const RULE = "#e3e9e3";
export const TINT = "#f1f8f1";

export const FONT: CSSProperties = {
  fontFamily: "'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif",
};

export const BODY_TEXT: CSSProperties = {
  ...FONT,
  fontSize: "14px",
  lineHeight: 1.5,
  color: INK,
};
