/**
 * A word written in the other alphabet, as a Russian reader would type it:
 * «finflow» → «финфлоу», «дата» → «data». Search tries it when the word as
 * typed finds nothing; the synonym table covers spellings this cannot guess
 * (performance → перформанс).
 */

/** Latin letters to Cyrillic, longest first. */
const FROM_LATIN: ReadonlyArray<[string, string]> = [
  ["shch", "щ"], ["sch", "щ"], ["zh", "ж"], ["kh", "х"], ["ch", "ч"], ["sh", "ш"], ["ts", "ц"], ["tz", "ц"],
  ["yu", "ю"], ["ju", "ю"], ["ya", "я"], ["ja", "я"], ["yo", "ё"], ["jo", "ё"], ["ye", "е"], ["ph", "ф"],
  ["th", "т"], ["ck", "к"], ["oo", "у"], ["ee", "и"], ["ow", "оу"], ["ew", "ью"], ["ce", "се"], ["ci", "си"],
  ["cy", "си"], ["a", "а"], ["b", "б"], ["c", "к"], ["d", "д"], ["e", "е"], ["f", "ф"], ["g", "г"], ["h", "х"],
  ["i", "и"], ["j", "дж"], ["k", "к"], ["l", "л"], ["m", "м"], ["n", "н"], ["o", "о"], ["p", "п"], ["q", "к"],
  ["r", "р"], ["s", "с"], ["t", "т"], ["u", "у"], ["v", "в"], ["w", "в"], ["x", "кс"], ["y", "и"], ["z", "з"],
];

const FROM_CYRILLIC: Readonly<Record<string, string>> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m",
  н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "h", ц: "ts", ч: "ch", ш: "sh", щ: "sch",
  ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya",
};

const LATIN = /^[a-z]+$/;
const CYRILLIC = /^[а-яё]+$/;

/** `word` (lower case) in the other alphabet, or null for a word of digits or mixed letters. */
export function transliterate(word: string): string | null {
  if (CYRILLIC.test(word)) return [...word].map((letter) => FROM_CYRILLIC[letter] ?? letter).join("");
  if (!LATIN.test(word)) return null;
  let out = "";
  for (let at = 0; at < word.length; ) {
    const [latin, cyrillic] = FROM_LATIN.find(([l]) => word.startsWith(l, at)) as [string, string];
    out += cyrillic;
    at += latin.length;
  }
  return out;
}

/** Latin to Cyrillic as Russians romanize their own words (translit): y is ы, j is й, c is ц. */
const FROM_TRANSLIT: ReadonlyArray<[string, string]> = [
  ["shch", "щ"], ["sch", "щ"], ["zh", "ж"], ["kh", "х"], ["ch", "ч"], ["sh", "ш"], ["ts", "ц"], ["yu", "ю"], ["ju", "ю"],
  ["ya", "я"], ["ja", "я"], ["yo", "ё"], ["jo", "ё"], ["iy", "ий"], ["yj", "ый"], ["yy", "ый"], ["a", "а"], ["b", "б"],
  ["c", "ц"], ["d", "д"], ["e", "е"], ["f", "ф"], ["g", "г"], ["h", "х"], ["i", "и"], ["j", "й"], ["k", "к"], ["l", "л"],
  ["m", "м"], ["n", "н"], ["o", "о"], ["p", "п"], ["q", "к"], ["r", "р"], ["s", "с"], ["t", "т"], ["u", "у"], ["v", "в"],
  ["w", "в"], ["x", "кс"], ["y", "ы"], ["z", "з"],
];
const VOWELS = /[aeiouy]/;

/**
 * A Russian word written in Latin letters, read back as Russians write translit («otzyvy» →
 * «отзывы», «keisy» → «кейсы», «kejsy» → «кейсы»), or null for a word this reads as
 * transliterate() does. After a vowel, y and i before a consonant or at the end are й; y
 * elsewhere is ы (e stays е: search reads э as е).
 */
export function russianFromTranslit(word: string): string | null {
  if (!LATIN.test(word)) return null;
  let out = "";
  for (let at = 0; at < word.length; ) {
    const letter = word[at] as string;
    const next = word[at + 1] ?? "";
    const afterVowel = at > 0 && VOWELS.test(word[at - 1] as string);
    if ((letter === "y" || letter === "i") && afterVowel && !VOWELS.test(next)) {
      out += "й";
      at += 1;
      continue;
    }
    const [latin, cyrillic] = FROM_TRANSLIT.find(([l]) => word.startsWith(l, at)) as [string, string];
    out += cyrillic;
    at += latin.length;
  }
  return out === transliterate(word) ? null : out;
}

/** Russian letters as a Latin abbreviation's letters are read aloud: «цпа» is CPA, «ктр» CTR. */
const ABBREVIATION_LETTERS: Readonly<Record<string, string>> = { ...FROM_CYRILLIC, ц: "c", й: "y", ы: "y", ю: "u", э: "e" };
/** Abbreviations said letter by letter are short; a longer Russian word is a word. */
const ABBREVIATION_MAX = 4;

/**
 * A short Russian word as the Latin abbreviation it may spell, letter by letter («цпа» → «cpa»,
 * «утм» → «utm», «роми» → «romi»), or null: where transliterate() gives «tspa», the trade
 * writes CPA. Only letters with one Latin letter each.
 */
export function abbreviationReading(word: string): string | null {
  if (!CYRILLIC.test(word) || word.length < 2 || word.length > ABBREVIATION_MAX) return null;
  const letters = [...word].map((letter) => ABBREVIATION_LETTERS[letter] ?? "");
  return letters.every((latin) => latin.length === 1) ? letters.join("") : null;
}

/** English beginnings and endings as Russian borrows them: «attribution» → «атрибуция», «analytics» → «аналитика», «unit» → «юнит», «economics» → «экономика». */
const LOAN_BEGINNINGS: ReadonlyArray<[RegExp, string]> = [
  [/^uni/, "юни"],
  [/^e/, "э"],
];
const LOAN_ENDINGS: ReadonlyArray<[RegExp, string]> = [
  [/tion$/, "ция"],
  [/sion$/, "сия"],
  [/ics$/, "ика"],
];

/**
 * An English word as a Russian page borrows it, or null for a word not
 * written in Latin letters (or shorter than four): its beginning and ending
 * borrowed, doubled letters made single, the rest in Cyrillic («targeting» →
 * «таргетинг», «attribution» → «атрибуция»). A Russian site names most
 * English terms so: search tries it beside the word as typed.
 */
export function loanword(word: string): string | null {
  if (!LATIN.test(word) || word.length < 4) return null;
  let middle = word.replace(/([a-z])\1/g, "$1");
  let start = "";
  let end = "";
  const beginning = LOAN_BEGINNINGS.find(([pattern]) => pattern.test(middle));
  if (beginning) {
    start = beginning[1];
    middle = middle.replace(beginning[0], "");
  }
  const ending = LOAN_ENDINGS.find(([pattern]) => pattern.test(middle));
  if (ending) {
    end = ending[1];
    middle = middle.replace(ending[0], "");
  }
  return start + (middle ? (transliterate(middle) ?? "") : "") + end;
}
