/**
 * Which single-byte Latin encoding a text is in, judged by the letters each reading gives: a Turkish,
 * Czech or Hungarian text read in the wrong code page still looks like letters (`Adıyaman` in ISO-8859-2 is
 * `Adýyaman`), but letters no single language writes together (`ý`, `đ` and `ţ` with no `č` or `ř`), or
 * symbols inside words (`Łódź` in Windows-1252 is `£ódŸ`). chardet's statistics, made for prose, are unsure
 * of short fields such as names; this rule is sure of them.
 */

/** The letters beyond ASCII that each language writes (lower case; upper case is derived). */
const WESTERN = [
  'àâæçéèêëîïôœùûüÿ', // French
  'äöüß', // German
  'áéíñóúü', // Spanish
  'àáâãçéêíóôõú', // Portuguese
  'àèéìíîòóùú', // Italian
  'áéíóúàèëïöü', // Dutch
  'æøåéó', // Danish, Norwegian
  'åäöé', // Swedish
  'äöåšž', // Finnish
  'áðéíóúýþæö', // Icelandic
  'àçéèíïòóúü', // Catalan
  'äöõüšž', // Estonian
];
const CENTRAL = [
  'áčďéěíňóřšťúůýž', // Czech
  'áäčďéíĺľňóôŕšťúýž', // Slovak
  'ąćęłńóśźż', // Polish
  'áéíóöőúüű', // Hungarian
  'čćđšž', // Croatian, Bosnian, Serbian
  'čšž', // Slovenian
  'ăâîşţ', // Romanian
  'äöüß', // German
  'çë', // Albanian
];
const TURKISH = ['çğıöşüâîû'];
const BALTIC = [
  'ąčęėįšųūž', // Lithuanian
  'āčēģīķļņšūž', // Latvian
  'äöõüšž', // Estonian
];

interface Family {
  /** In order of preference where they read the sample alike. */
  encodings: readonly string[];
  alphabets: readonly Set<string>[];
}

function alphabets(languages: readonly string[]): Set<string>[] {
  return languages.map((letters) => {
    const set = new Set<string>();
    for (const letter of letters) {
      set.add(letter);
      // One character each way only: `ß` has no single upper case, `ı` is upper-cased to ASCII `I`.
      const upper = letter.toUpperCase();
      if (upper.length === 1) set.add(upper);
    }
    return set;
  });
}

/** The families in order of preference when readings tie: Western first, as most such files are. */
const FAMILIES: readonly Family[] = [
  { encodings: ['latin1', 'windows-1252'], alphabets: alphabets(WESTERN) },
  { encodings: ['windows-1250', 'iso-8859-2'], alphabets: alphabets(CENTRAL) },
  // `İ` is upper-cased from ASCII `i`, so it is added by hand.
  { encodings: ['windows-1254'], alphabets: alphabets(TURKISH).map((set) => set.add('İ')) },
  { encodings: ['windows-1257', 'iso-8859-13'], alphabets: alphabets(BALTIC) },
];

/** The encodings this rule chooses among (chardet's other guesses, such as Cyrillic or Greek, are its own). */
export const LATIN_ENCODINGS = new Set(FAMILIES.flatMap((family) => family.encodings));

/**
 * A character that is not ASCII, nor a letter, a mark, an apostrophe, a dash or a middle dot, between two
 * letters: a sign of the wrong encoding (`don’t`, `e‑mail` and Catalan `col·legi` are words as written).
 */
const SYMBOL_IN_WORD = /(?<=\p{L})[^\p{ASCII}\p{L}\p{M}\p{Pd}\u2019\u00b7](?=\p{L})/gu;
/** C1 controls: an ISO reading of bytes 0x80-0x9F, which text does not hold. */
const C1_CONTROL = /[\u0080-\u009f]/g;

/** The text of `sample` in `encoding`; `latin1` is ISO-8859-1 (TextDecoder's `latin1` is Windows-1252). */
function readAs(sample: Uint8Array, encoding: string): string {
  if (encoding === 'latin1') {
    let text = '';
    for (let k = 0; k < sample.length; k += 4096) {
      text += String.fromCharCode(...sample.subarray(k, k + 4096));
    }
    return text;
  }
  // Streamed: Node's one-call Windows-1252 decode reads 0x80-0x9F as Latin-1's controls.
  const decoder = new TextDecoder(encoding);
  return decoder.decode(sample, { stream: true }) + decoder.decode();
}

/**
 * How much a reading looks like text: its non-ASCII letters inside words that one language writes, less twice
 * the signs of a wrong reading; `judged` is how many characters that looked at (the letters and the signs).
 */
function plausibility(text: string, family: Family): { score: number; judged: number; asciiLetters: number } {
  let letters = 0;
  let asciiLetters = 0;
  const covered = family.alphabets.map(() => 0);
  const characters = [...text];
  for (let k = 0; k < characters.length; k++) {
    const character = characters[k] as string;
    const code = character.charCodeAt(0);
    if (code < 0x80) {
      if ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) asciiLetters++;
      continue;
    }
    if (!LETTER.test(character)) continue;
    // A letter standing alone is as often a symbol of another reading (`«` is `Ť` in ISO-8859-2): not judged.
    if (!LETTER.test(characters[k - 1] ?? '') && !LETTER.test(characters[k + 1] ?? '')) continue;
    letters++;
    family.alphabets.forEach((alphabet, language) => {
      if (alphabet.has(character)) covered[language] = (covered[language] as number) + 1;
    });
  }
  const wrong = (text.match(SYMBOL_IN_WORD)?.length ?? 0) + (text.match(C1_CONTROL)?.length ?? 0);
  return { score: Math.max(...covered) - 2 * wrong, judged: letters + wrong, asciiLetters };
}

const LETTER = /\p{L}/u;
/** The confidence of a reading when the sample has no letter beyond ASCII to judge it by. */
const UNJUDGED_CONFIDENCE = 0.25;

/** A reading with this share of its letters beyond ASCII is no Latin text (Cyrillic read as Windows-1252 is nearly all). */
const FOREIGN_SHARE = 0.4;

/**
 * The Latin reading of the sample whose letters look most like one language's, how sure that is (the share
 * of the characters judged that count for it, 0 to 1), and whether the sample is Latin text at all: in a Latin
 * language most letters are ASCII, in Cyrillic or Greek read as Latin few are.
 */
export function likeliestLatinReading(sample: Uint8Array): { encoding: string; confidence: number; latin: boolean } {
  let best = { encoding: 'latin1', score: Number.NEGATIVE_INFINITY, judged: 0, asciiLetters: 0 };
  for (const family of FAMILIES) {
    for (const encoding of family.encodings) {
      const reading = plausibility(readAs(sample, encoding), family);
      if (reading.score > best.score) best = { encoding, ...reading };
    }
  }
  const share = best.judged === 0 ? UNJUDGED_CONFIDENCE : Math.max(0, best.score) / best.judged;
  const latin = best.judged < FOREIGN_SHARE * (best.judged + best.asciiLetters);
  return { encoding: best.encoding, confidence: Math.round(share * 100) / 100, latin };
}
