// A person's initials for an avatar, apart from the account forms' checks: every page's header
// draws one, and must not bring those checks' words along (a page takes a module's texts whole).
/** "Asha Das" -> "AD", "asha" -> "A": the avatar is drawn here, never fetched from a service. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words.slice(0, 1);
  return letters.map((word) => [...word][0]!.toUpperCase()).join("") || "?";
}
