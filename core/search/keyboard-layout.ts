/**
 * A query typed with the other keyboard layout on: «fyfkbnbrf» is
 * «аналитика» typed with the Latin layout, «ыущ» is «seo» typed with the
 * Russian one. Search tries the query switched when it finds little as typed
 * (search-engine.ts), as Yandex and Google do.
 *
 * The keys are those of the standard Russian ЙЦУКЕН layout over US QWERTY.
 * Punctuation keys carry Russian letters («,» is «б», «;» is «ж», «[» is «х»),
 * so a query is switched whole, or part by part between spaces where only
 * some of its words were typed on the other layout (engine.ts).
 */
const QWERTY = "`qwertyuiop[]asdfghjkl;'zxcvbnm,.";
const JCUKEN = "ёйцукенгшщзхъфывапролджэячсмитьбю";

const TO_CYRILLIC = new Map([...QWERTY].map((key, i) => [key, JCUKEN[i] as string]));
const TO_LATIN = new Map([...JCUKEN].map((key, i) => [key, QWERTY[i] as string]));

const LATIN_LETTER = /[a-z]/;
const CYRILLIC_LETTER = /[а-яё]/;

/**
 * `query` as it would read typed with the other layout, or null when it is
 * not all typed on one layout (letters of both alphabets, or no letters at
 * all). Characters that are the same on both layouts (digits, spaces, «-»)
 * stay as they are.
 */
export function switchLayout(query: string): string | null {
  const text = query.toLowerCase();
  const latin = LATIN_LETTER.test(text);
  const cyrillic = CYRILLIC_LETTER.test(text);
  if (latin === cyrillic) return null;
  const table = latin ? TO_CYRILLIC : TO_LATIN;
  let out = "";
  // Shifted keys give the same letters in upper case: the query is read in lower case.
  for (const char of text) out += table.get(char) ?? char;
  return out;
}
