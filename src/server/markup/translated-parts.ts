import { createElement, Fragment, type ReactNode } from "react";
import type { I18n } from "../../shared/i18n/translator.ts";

const MARK = "\u0001";

/**
 * A translated sentence with elements (a link, a bold number) at its placeholders, so each
 * language puts them where its word order wants them: "Write to {email}" in English, "{email} କୁ
 * ଲେଖନ୍ତୁ" in Odia. The store's mails are plain functions of their props (element-tree.ts), so
 * this takes the translator rather than reading it from a context.
 */
export function translatedParts(
  i18n: I18n,
  id: string,
  parts: Record<string, ReactNode>,
): ReactNode {
  const names = Object.keys(parts);
  const marked = i18n._(
    id,
    Object.fromEntries(names.map((name, at) => [name, `${MARK}${at}${MARK}`])),
  );
  const pieces = marked.split(MARK);
  return createElement(
    Fragment,
    null,
    ...pieces.map((piece, at) => (at % 2 === 1 ? parts[names[Number(piece)]!] : piece)),
  );
}
