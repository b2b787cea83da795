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
