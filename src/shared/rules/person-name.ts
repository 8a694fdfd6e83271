/** What a greeting or document says when the name is not known (the spec's words). */
export const NAME_FALLBACK = /*i18n*/ "Valued Customer";

/**
 * An account's single "full name" as the first and last name a form asks for. The last word is
 * the family name and everything before it the given name ("Asha Rani Das": "Asha Rani" and
 * "Das"), so given names of several words and initials stay together; a one-word name is a
 * first name only.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? "", lastName: "" };
  return { firstName: words.slice(0, -1).join(" "), lastName: words.at(-1)! };
}

/** How a mail greets someone: their first word, or the fallback ("Asha Patel" is "Asha"). */
export function greetingName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || NAME_FALLBACK;
}
