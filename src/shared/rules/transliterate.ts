// How a shopper types an Odia or Hindi name on a Latin keyboard ("tamatar", "bhendi"): the names
// written in Latin letters, and a spelling both they and the query are folded to, so the shop's
// search finds a product by what it is called at home.

type Script = {
  vowels: Record<string, string>;
  signs: Record<string, string>;
  consonants: Record<string, string>;
  virama: string;
  nukta: string;
  /** A consonant with a nukta below: ड़ is "r", not "d". */
  nuktaForms: Record<string, string>;
  nasal: string[];
  visarga: string;
};

const DEVANAGARI: Script = {
  vowels: {
    अ: "a",
    आ: "aa",
    इ: "i",
    ई: "ii",
    उ: "u",
    ऊ: "uu",
    ऋ: "ri",
    ए: "e",
    ऐ: "ai",
    ओ: "o",
    औ: "au",
  },
  signs: {
    "ा": "aa",
    "ि": "i",
    "ी": "ii",
    "ु": "u",
    "ू": "uu",
    "ृ": "ri",
    "े": "e",
    "ै": "ai",
    "ो": "o",
    "ौ": "au",
  },
  consonants: {
    क: "k",
    ख: "kh",
    ग: "g",
    घ: "gh",
    ङ: "n",
    च: "ch",
    छ: "chh",
    ज: "j",
    झ: "jh",
    ञ: "n",
    ट: "t",
    ठ: "th",
    ड: "d",
    ढ: "dh",
    ण: "n",
    त: "t",
    थ: "th",
    द: "d",
    ध: "dh",
    न: "n",
    प: "p",
    फ: "ph",
    ब: "b",
    भ: "bh",
    म: "m",
    य: "y",
    र: "r",
    ल: "l",
    व: "v",
    श: "sh",
    ष: "sh",
    स: "s",
    ह: "h",
    ड़: "r",
    ढ़: "rh",
    क़: "k",
    ख़: "kh",
    ग़: "g",
    ज़: "z",
    फ़: "f",
  },
  virama: "्",
  nukta: "़",
  nuktaForms: { ड: "r", ढ: "rh", क: "k", ख: "kh", ग: "g", ज: "z", फ: "f" },
  nasal: ["ं", "ँ"],
  visarga: "ः",
};

const ODIA: Script = {
  vowels: {
    ଅ: "a",
    ଆ: "aa",
    ଇ: "i",
    ଈ: "ii",
    ଉ: "u",
    ଊ: "uu",
    ଋ: "ri",
    ଏ: "e",
    ଐ: "ai",
    ଓ: "o",
    ଔ: "au",
  },
  signs: {
    "ା": "aa",
    "ି": "i",
    "ୀ": "ii",
    "ୁ": "u",
    "ୂ": "uu",
    "ୃ": "ri",
    "େ": "e",
    "ୈ": "ai",
    "ୋ": "o",
    "ୌ": "au",
  },
  consonants: {
    କ: "k",
    ଖ: "kh",
    ଗ: "g",
    ଘ: "gh",
    ଙ: "n",
    ଚ: "ch",
    ଛ: "chh",
    ଜ: "j",
    ଝ: "jh",
    ଞ: "n",
    ଟ: "t",
    ଠ: "th",
    ଡ: "d",
    ଢ: "dh",
    ଣ: "n",
    ତ: "t",
    ଥ: "th",
    ଦ: "d",
    ଧ: "dh",
    ନ: "n",
    ପ: "p",
    ଫ: "ph",
    ବ: "b",
    ଭ: "bh",
    ମ: "m",
    ଯ: "j",
    ୟ: "y",
    ର: "r",
    ଲ: "l",
    ଳ: "l",
    ଵ: "v",
    ୱ: "w",
    ଶ: "s",
    ଷ: "s",
    ସ: "s",
    ହ: "h",
    ଡ଼: "r",
    ଢ଼: "rh",
  },
  virama: "୍",
  nukta: "଼",
  nuktaForms: { ଡ: "r", ଢ: "rh" },
  nasal: ["ଂ", "ଁ"],
  visarga: "ଃ",
};

type Piece = { kind: "consonant" | "vowel" | "other"; latin: string; inherent: boolean };

function scriptOf(char: string): Script | undefined {
  const code = char.codePointAt(0)!;
  if (code >= 0x0900 && code <= 0x097f) return DEVANAGARI;
  if (code >= 0x0b00 && code <= 0x0b7f) return ODIA;
  return undefined;
}

/** One word as syllable pieces: each consonant with its vowel, or "a" it carries unwritten. */
function pieces(word: string): Piece[] {
  const out: Piece[] = [];
  const chars = [...word.normalize("NFC")];
  for (let at = 0; at < chars.length; at++) {
    const char = chars[at]!;
    const script = scriptOf(char);
    if (!script) {
      out.push({ kind: "other", latin: char.toLowerCase(), inherent: false });
      continue;
    }
    const consonant = script.consonants[char];
    if (consonant !== undefined) {
      let latin = consonant;
      if (chars[at + 1] === script.nukta) {
        latin = script.nuktaForms[char] ?? consonant;
        at++;
      }
      const next = chars[at + 1];
      if (next === script.virama) {
        out.push({ kind: "consonant", latin, inherent: false });
        at++;
      } else if (next !== undefined && script.signs[next] !== undefined) {
        out.push({ kind: "consonant", latin: latin + script.signs[next], inherent: false });
        at++;
      } else {
        out.push({ kind: "consonant", latin: `${latin}a`, inherent: true });
      }
      continue;
    }
    const vowel = script.vowels[char];
    if (vowel !== undefined) out.push({ kind: "vowel", latin: vowel, inherent: false });
    else if (script.nasal.includes(char)) out.push({ kind: "other", latin: "n", inherent: false });
    else if (char === script.visarga) out.push({ kind: "other", latin: "h", inherent: false });
  }
  return out;
}

const endsInVowel = (piece: Piece | undefined) =>
  piece !== undefined &&
  (piece.kind === "vowel" || (piece.kind === "consonant" && /[aeiou]$/.test(piece.latin)));

/**
 * An Odia or Hindi name in Latin letters, as it is said: the unwritten "a" is dropped at a word's
 * end (टमाटर is "tamaatar") and, with `medial`, between a vowel and a consonant that has its own
 * (शिमला is "shimlaa"). Latin text passes through in lower case.
 */
export function transliterate(text: string, { medial = false } = {}): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const parts = pieces(word);
      return parts
        .map((piece, index) => {
          if (!piece.inherent) return piece.latin;
          const stem = piece.latin.slice(0, -1);
          const last = index === parts.length - 1 || parts[index + 1]?.kind === "other";
          if (last && index > 0) return stem;
          const next = parts[index + 1];
          if (
            medial &&
            index > 0 &&
            endsInVowel(parts[index - 1]) &&
            next?.kind === "consonant" &&
            !next.inherent
          ) {
            return stem;
          }
          return piece.latin;
        })
        .join("");
    })
    .join(" ");
}

/**
 * The spelling a name and a query are compared in: lower case, long vowels short ("aa", "ee"),
 * and the letters Indian names are typed with interchangeably ("w"/"v", "z"/"j", "sh"/"s").
 */
export function foldSpelling(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/sh/g, "s")
    .replace(/ph/g, "f")
    .replace(/w/g, "v")
    .replace(/z/g, "j")
    .replace(/q/g, "k")
    .replace(/ee|ii|y(?=\b)/g, "i")
    .replace(/oo|uu/g, "u")
    .replace(/([aeiou])\1+/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** The spellings a product is found by: each name as written, and Latin ones of the others. */
export function searchSpellings(names: readonly (string | null | undefined)[]): string[] {
  const spellings = new Set<string>();
  for (const name of names) {
    if (!name) continue;
    spellings.add(name.toLowerCase());
    spellings.add(foldSpelling(transliterate(name)));
    spellings.add(foldSpelling(transliterate(name, { medial: true })));
  }
  return [...spellings];
}

/** Whether `query` is in any of `spellings`, as written or folded ("tamatar", "bhindi"). */
export function matchesSpellings(spellings: readonly string[], query: string): boolean {
  const plain = query.trim().toLowerCase();
  if (!plain) return true;
  const folded = foldSpelling(plain);
  // "baingana" and "baingan" are the same word typed with and without its last "a".
  const trimmed = folded.length > 3 ? folded.replace(/a\b/g, "") : folded;
  return spellings.some(
    (spelling) =>
      spelling.includes(plain) || spelling.includes(folded) || spelling.includes(trimmed),
  );
}
