/**
 * Text the store can keep and show. PostgreSQL refuses U+0000 in text and JSON, and a lone UTF-16
 * surrogate (half of an emoji, say) is not text at all: it cannot be written as UTF-8. Free text
 * (a message, an address) may hold tabs and line breaks; a value in an address bar (a product id,
 * a search) holds no control characters at all.
 */
const NUL_OR_LONE_SURROGATE =
  /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const CONTROL_OR_LONE_SURROGATE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
  /[\0-\x1f\x7f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const SAFE_TEXT_MESSAGES = {
  text: "must not contain the NUL character or broken Unicode (a lone UTF-16 surrogate)",
  urlValue: "must not contain control characters or broken Unicode (a lone UTF-16 surrogate)",
} as const;

/** Text written into HTML (a title, an attribute): every character that could end or open markup. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A NUL or any surrogate at all: rare, and a cheaper test than looking for unpaired ones. */
const NUL_OR_SURROGATE = /[\0\ud800-\udfff]/;

/** Free text: anything but U+0000 and lone surrogates. */
export const isStorableText = (value: string): boolean =>
  !(NUL_OR_SURROGATE.test(value) && NUL_OR_LONE_SURROGATE.test(value));

/** A path segment or query value: no control characters (U+0000-U+001F, U+007F) either. */
export const isCleanUrlValue = (value: string): boolean => !CONTROL_OR_LONE_SURROGATE.test(value);
