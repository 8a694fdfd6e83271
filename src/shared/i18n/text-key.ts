/**
 * A text's key among a language's loaded texts: FNV-1a of its English words, in base 36 (at most
 * 7 characters). A page downloads these with its translations instead of the English sentences
 * they stand for, which its code already holds; the build refuses two texts with one key
 * (scripts/page-texts.ts).
 */
export function textKey(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
