/**
 * Pages pinned to queries: an editor names a query visitors type and the
 * page that must come first for it («Закреплённые страницы» in
 * content/search-synonyms.yaml, reached from «Поиск по сайту»). A pin holds
 * for the query in any case form and word order («цены на рекламу»,
 * «реклама цена»): its key is the query's terms, sorted. Each release writes
 * the pins into the index's manifest by page id (assemble.ts), and the engine
 * puts the page first (engine.ts): a pin reaches visitors with a
 * publication, not before.
 */
import { plainWords, queryTerms } from "./words.ts";

/** One pin as the content holds it. */
export type SearchPin = { query: string; page: string };

/** Pins as the manifest holds them: a query's key → the id of its page. */
export type PinTable = Record<string, number>;

/** The key of a query: its terms (stems, as the index holds them), each once, sorted; a query of left-out words only («о нас») by those words. */
export function pinKey(query: string): string {
  const terms = queryTerms(query);
  return [...new Set(terms.length > 0 ? terms : plainWords(query))].sort().join(" ");
}

/**
 * The pins the index can keep: those whose page it holds (`idOf` gives a
 * page's id by its address), the first pin of a key winning (the schema
 * refuses a second one anyway).
 */
export function compilePins(pins: readonly SearchPin[], idOf: (url: string) => number | undefined): PinTable {
  // A Map, then own properties: a query may well be «constructor» or «__proto__».
  const table = new Map<string, number>();
  for (const { query, page } of pins) {
    const key = pinKey(query);
    const id = idOf(page);
    if (key && id !== undefined && !table.has(key)) table.set(key, id);
  }
  return Object.fromEntries(table);
}

/** A term this short is not taken as another form of a longer one (words.ts's STEM_MIN is about typing, not this). */
const FORM_MIN = 3;

/** Two terms that are one word in two forms: equal, or the stemmer cut one shorter («ауд» of «аудит», «аудит» of «аудиту»). */
const sameWord = (a: string, b: string) => a === b || (Math.min(a.length, b.length) >= FORM_MIN && (a.startsWith(b) || b.startsWith(a)));

/** Whether two keys name one query: as many terms, each paired with a term of the other that is the same word. */
function sameQuery(key: string, other: string): boolean {
  const mine = key.split(" ");
  const theirs = other.split(" ");
  if (mine.length !== theirs.length) return false;
  const free = [...theirs];
  return mine.every((term) => {
    const exact = free.indexOf(term);
    const at = exact !== -1 ? exact : free.findIndex((t) => sameWord(t, term));
    if (at === -1) return false;
    free.splice(at, 1);
    return true;
  });
}

/**
 * The id pinned to `query` in `pins`, if any: by its key, or by a key whose
 * words are the query's in other forms (a stemmer does not cut every form of a
 * word alike: «аудит» → «ауд», «аудиту» → «аудит»). At most a few hundred keys
 * are compared, word by word.
 */
export function pinnedId(pins: PinTable | undefined, query: string): number | undefined {
  const key = pinKey(query);
  if (!pins || !key) return undefined;
  if (Object.hasOwn(pins, key)) return pins[key];
  for (const [pinned, id] of Object.entries(pins)) if (sameQuery(pinned, key)) return id;
  return undefined;
}
