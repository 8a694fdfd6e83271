const GMAIL = new Set(["gmail.com", "googlemail.com"]);

/**
 * The inbox an address reaches, as far as the store can tell: most providers deliver
 * `name+anything@` to `name@`, and Gmail ignores dots in the name. Counting those spellings
 * apart would let anyone fill one inbox by writing its address a new way each time.
 */
export function inboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at === -1) return address;
  const domain = address.slice(at + 1);
  let name = address.slice(0, at).split("+")[0]!;
  if (!GMAIL.has(domain)) return `${name}@${domain}`;
  name = name.replaceAll(".", "");
  return `${name}@gmail.com`;
}
