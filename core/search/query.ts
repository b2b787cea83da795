/**
 * A query as the ranking sees it: a list of concepts, each a word the
 * visitor typed or a phrase of the synonym table, with the ways a page may
 * say it (the words typed, and every other member of the synonym group).
 */
import type { SynonymGroup } from "#core/search/index-format.ts";
import { isLeftOutWord, isQuestionWord, isSelfWord, isTaskVerb, MAX_QUERY_TERMS, normalise, plainWords, queryTokens } from "#core/search/words.ts";

/**
 * One way of saying a concept: its terms, next to each other in that order
 * at best; a `phrase` must stand so where the page says what it is (a
 * synonym phrase's words apart mean something else: «реклама в поиске»).
 */
export type Alternative = {
  terms: string[];
  /** The words the visitor typed for `terms`, normalised: each may be the beginning of a longer term. Absent for other ways of saying it (matched whole). */
  typed?: string[];
  factor: number;
  phrase?: boolean;
  /** Another form of the word typed (ranking.ts): found with it, but the concept's rarity is the word's own where the word is found. */
  form?: boolean;
};

export type Concept = {
  alternatives: Alternative[];
  /** Letters the visitor typed for it: only words of TYPO_MIN_LETTERS or more are matched with a typo. */
  letters: number;
  /** A word naming the site itself, or a task's verb, beside others («телефон агентства», «поднять сайт в поиске»): a page need not hold it, though missing it costs. */
  optional?: boolean;
};

/** A synonym counts a little less than the word typed, so a page that uses the visitor's own word comes first. */
export const SYNONYM_FACTOR = 0.9;
/** A word this long may be typed with one wrong, missing, extra or swapped letter. */
export const TYPO_MIN_LETTERS = 5;

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/** The longest synonym phrase that starts at `terms[at]`, with its group. */
function synonymAt(terms: readonly string[], at: number, groups: readonly SynonymGroup[]): { group: SynonymGroup; member: string[] } | null {
  let best: { group: SynonymGroup; member: string[] } | null = null;
  for (const group of groups) {
    for (const member of group) {
      if (member.length > (best?.member.length ?? 0) && same(terms.slice(at, at + member.length), member)) best = { group, member };
    }
  }
  return best;
}

/** A word a page need not hold beside others: the site's name, or a task's verb. */
const soft = (word: string) => isSelfWord(word) || isTaskVerb(word);

/** A member kept as all its words (assemble.ts: «работа у вас»): matched by a query of it alone, never searched as words. */
const wholeOnly = (member: readonly string[]) => member.some(isLeftOutWord);

/** The other members of `group` to search a concept by. */
const othersOf = (group: SynonymGroup, typed: readonly string[]): Alternative[] =>
  group
    .filter((member) => !same(member, typed) && !wholeOnly(member))
    .map((member) => ({ terms: member, factor: SYNONYM_FACTOR, phrase: member.length > 1 }));

export function parseQuery(query: string, synonyms: readonly SynonymGroup[]): Concept[] {
  const whole = wholeName(query, synonyms);
  if (whole) return whole;
  const words: Array<{ term: string; letters: number; typed: string }> = [];
  for (const t of queryTokens(query)) {
    if (words.length === MAX_QUERY_TERMS) break;
    if (!words.some((w) => w.term === t.term)) words.push({ term: t.term, letters: t.end - t.start, typed: normalise(query.slice(t.start, t.end)) });
  }
  if (words.length === 0) return [];
  const terms = words.map((w) => w.term);
  const concepts: Concept[] = [];
  for (let at = 0; at < words.length; ) {
    const found = synonymAt(terms, at, synonyms);
    const span = found?.member.length ?? 1;
    const typed = terms.slice(at, at + span);
    const others = found ? othersOf(found.group, typed) : [];
    const letters = words.slice(at, at + span).reduce((sum, w) => sum + w.letters, 0);
    const typedWords = words.slice(at, at + span).map((w) => w.typed);
    const optional = span === 1 && soft(typedWords[0] as string) && words.some((w) => !soft(w.typed));
    concepts.push({ alternatives: [{ terms: typed, typed: typedWords, factor: 1 }, ...others], letters, ...(optional ? { optional } : {}) });
    at += span;
  }
  return concepts;
}

const sorted = (words: readonly string[]) => [...words].sort();

/**
 * `concepts`, each one word the visitor typed, read as one concept: `member`, a phrase of `group`
 * (the trade's «гугл аналитикс»), found as typed or as any other member, as a phrase of the
 * synonym table is (parseQuery).
 */
export function asPhrase(concepts: readonly Concept[], member: readonly string[], group: SynonymGroup): Concept {
  const typed = concepts.map((c) => c.alternatives[0]?.typed?.[0] ?? "");
  const letters = concepts.reduce((sum, c) => sum + c.letters, 0);
  return { alternatives: [{ terms: [...member], typed, factor: 1 }, ...othersOf(group, member)], letters };
}

/** The one word a concept was typed as, if it is one word the visitor typed. */
export const typedWord = (concept: Concept): string | null => {
  const typed = concept.alternatives[0];
  return typed?.typed && typed.terms.length === 1 ? (typed.terms[0] as string) : null;
};

/**
 * A query that is one of the synonym table's phrases kept whole («о нас», «хочу у вас работать»
 * for «работать у вас»): its words in any order, question words aside. One concept, the other
 * ways of saying it; null for any other query.
 */
function wholeName(query: string, synonyms: readonly SynonymGroup[]): Concept[] | null {
  const words = plainWords(query);
  if (!wholeOnly(words)) return null;
  const asked = (phrase: readonly string[]) => sorted(phrase.filter((w) => !isQuestionWord(w)));
  const key = asked(words);
  for (const group of synonyms) {
    const member = group.find((m) => wholeOnly(m) && same(asked(m), key));
    if (member) return [{ alternatives: othersOf(group, member), letters: words.join("").length }];
  }
  return null;
}

/** Every term a concept may be found by, for marking them in excerpts. */
export const conceptTerms = (concepts: readonly Concept[]) => [...new Set(concepts.flatMap((c) => c.alternatives.flatMap((a) => a.terms)))];
