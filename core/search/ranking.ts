/**
 * Which pages answer a query, best first. A page must hold every concept of
 * the query (with three or more, all but one, at a cost), most of them in
 * its own text rather than in text it shares with other pages.
 * Among those, a page scores by
 * - each concept's weight in it (index-format.ts) times the concept's rarity;
 * - concepts found next to each other, in the query's order, where the page
 *   says what it is (name, title, lead, headings);
 * - how much of the page's name or title the query covers, and how much of
 *   the query that is: a page whose name is the query comes first.
 * A word also finds its other forms (the same beginning with another
 * ending: «автоматизация» finds «автоматизируем»), at a lower weight. A word
 * that finds nothing as typed is tried in the other alphabet, then with one
 * letter corrected (pages found through a typo come after every page found
 * without one), then by the longest beginning of five letters or more it
 * shares with a term or a synonym («брендирование» finds «брендинг»).
 */
import type { Found, OpenIndex } from "#core/search/index-reader.ts";
import { postingHeadLength, postingKind, postingSharedOnly, postingWeight, type SynonymGroup, WEIGHT_MAX } from "#core/search/index-format.ts";
import { type Alternative, asPhrase, type Concept, SYNONYM_FACTOR, typedWord, TYPO_MIN_LETTERS } from "./query.ts";
import { abbreviationReading, loanword, russianFromTranslit, transliterate } from "./transliteration.ts";
import { deletions, oneEditApart } from "#core/search/typos.ts";
import { matchWeight, MIN_PREFIX, normalise, term } from "#core/search/words.ts";

/** How the ranking reads the index (index-reader.ts, bound to one manifest). */
export type Lookup = {
  terms: (term: string, prefix: boolean) => Promise<Found[]>;
  pairs: (first: string, second: string, prefix: boolean) => Promise<Found[]>;
  typos: (form: string) => Promise<string[]>;
  /** The trade's vocabulary groups that hold `term` as a word of its own. */
  glossary: (term: string) => Promise<SynonymGroup[]>;
};

/** Weight of a pair of query words found side by side, against a word found anywhere. */
const PAIR_WEIGHT = 0.5;
/** What covering a page's whole name or title with the whole query adds: more than any word's weight can. */
const HEAD_BONUS = 6;
/** A word found in the other alphabet counts this much of the word as typed. */
const TRANSLITERATED_FACTOR = 0.8;
/** What a concept naming the page's kind («отзыв», «вакансия») covers of its head. */
const KIND_COVER = 0.5;
/** How much an optional word of the query (the site's own name) counts, in a page that has it and against one that lacks it. */
const OPTIONAL_WEIGHT = 0.25;
/** A word matched through a typo counts this much of an exact match. */
const TYPO_FACTOR = 0.5;
/** Another form of a word (another ending, or only a shared beginning) counts this much of the word as typed. */
const FORM_FACTOR = 0.5;
/** Letters a word shares at least with a term taken for another form of it. */
export const SHARED_PREFIX_MIN = 5;
/** For two terms to be forms of one word, the beginning they share makes up this much of the shorter… */
const FORM_SHARE_OF_SHORTER = 0.75;
/** …and this much of the longer (сегмент → сегментирован, not полит → политехническ). */
const FORM_SHARE_OF_LONGER = 0.5;

/** How a page holds one term. */
type TermHold = { score: number; head: number; kind: boolean; own: boolean };
/** How a page holds one concept: `cover` is the share of its name or title the concept's terms make up. */
type Hold = { score: number; cover: number; inHead: boolean; own: boolean };
type Holds = { holds: Map<number, Hold>; rarity: number };

export type RankedDoc = { id: number; score: number };

const rarity = (docs: number, holders: number) => Math.log(1 + (docs - holders + 0.5) / (holders + 0.5));

/** Live postings of `found`, grouped by key, each key with its rarity. */
function* postings(index: OpenIndex, found: readonly Found[]): Generator<{ key: string; rarity: number; ids: number[]; values: number[] }> {
  const byKey = new Map<string, { ids: number[]; values: number[] }>();
  for (const { segment, key, value } of found) {
    let group = byKey.get(key);
    if (!group) byKey.set(key, (group = { ids: [], values: [] }));
    let id = 0;
    for (let i = 0; i < value.length; i += 2) {
      id += value[i] as number;
      if (index.owner[id] !== segment) continue;
      group.ids.push(id);
      group.values.push(value[i + 1] as number);
    }
  }
  for (const [key, group] of byKey) yield { key, rarity: rarity(index.live, group.ids.length), ...group };
}

/** Pages holding `queried` (or, typed far enough, a longer term it begins), each by its best form; scores without rarity. */
async function termHolds(index: OpenIndex, queried: string, typed: string | null, lookup: Lookup): Promise<Map<number, TermHold>> {
  const holds = new Map<number, TermHold>();
  for (const { key, ids, values } of postings(index, await lookup.terms(queried, typed !== null && typed.length >= MIN_PREFIX))) {
    const factor = matchWeight(key, queried, typed);
    if (factor === 0) continue;
    ids.forEach((id, i) => {
      const value = values[i] as number;
      const hold: TermHold = { score: (factor * postingWeight(value)) / WEIGHT_MAX, head: postingHeadLength(value), kind: postingKind(value), own: !postingSharedOnly(value) };
      const known = holds.get(id);
      if (!known) return holds.set(id, hold);
      known.score = Math.max(known.score, hold.score);
      if (hold.head > 0 && (known.head === 0 || hold.head < known.head)) known.head = hold.head;
      known.kind ||= hold.kind;
      known.own ||= hold.own;
    });
  }
  return holds;
}

/**
 * Pages holding every term of one of the alternatives, each by its best. The
 * concept's rarity counts the pages holding it in any of its ways, so a rare
 * synonym or a rare longer form does not make a common concept look rare.
 */
async function conceptHolds(index: OpenIndex, alternatives: readonly Alternative[], lookup: Lookup): Promise<Holds> {
  const holds = new Map<number, Hold>();
  /** Pages holding the concept as typed or through a synonym, not only through another form of the word. */
  const own = new Set<number>();
  for (const alternative of alternatives) {
    const [first, ...rest] = await Promise.all(alternative.terms.map((t, i) => termHolds(index, t, alternative.typed?.[i] ?? null, lookup)));
    const together = alternative.phrase ? await phraseHolders(index, alternative.terms, lookup) : null;
    for (const [id, firstHold] of first ?? []) {
      if (together && !together.has(id)) continue;
      const all = [firstHold, ...rest.map((t) => t.get(id))];
      if (all.some((h) => h === undefined)) continue;
      const held = all as TermHold[];
      const hold: Hold = {
        score: alternative.factor * held.reduce((sum, h) => sum + h.score, 0),
        // Another form of the word names the page less than the word itself.
        cover: (alternative.form ? FORM_FACTOR : 1) * held.reduce((sum, h) => sum + (h.head > 0 ? 1 / h.head : h.kind ? KIND_COVER : 0), 0),
        inHead: held.every((h) => h.head > 0 || h.kind),
        own: held.every((h) => h.own),
      };
      if (!alternative.form) own.add(id);
      const known = holds.get(id);
      if (!known) holds.set(id, hold);
      else {
        // Each by the alternative that gives it most: a page may name the concept one way and use it more often another.
        known.score = Math.max(known.score, hold.score);
        known.cover = Math.max(known.cover, hold.cover);
        known.inHead ||= hold.inHead;
        known.own ||= hold.own;
      }
    }
  }
  // Other forms of a word widen what it finds, not how rare it is: «автоматизация» stays as rare as it is.
  const holders = own.size > 0 ? own.size : holds.size;
  const conceptRarity = holders > 0 ? rarity(index.live, holders) : 0;
  for (const hold of holds.values()) hold.score *= conceptRarity;
  return { holds, rarity: conceptRarity };
}

/** Pages holding every neighbouring pair of `terms` side by side (where they say what they are). */
async function phraseHolders(index: OpenIndex, terms: readonly string[], lookup: Lookup): Promise<Set<number>> {
  const perPair = await Promise.all(
    terms.slice(1).map(async (right, i) => {
      const ids = new Set<number>();
      for (const group of postings(index, await lookup.pairs(terms[i] as string, right, false))) for (const id of group.ids) ids.add(id);
      return ids;
    }),
  );
  const [first, ...rest] = perPair;
  return new Set([...(first ?? [])].filter((id) => rest.every((ids) => ids.has(id))));
}

/**
 * Index terms one edit away from `queried`: it lost a letter (typo keys of
 * names, titles and headings; in other text, among the first terms beginning
 * with its first letters), gained one, or has one wrong after its first half
 * (the terms beginning like it).
 */
async function typoCorrections(queried: string, lookup: Lookup): Promise<string[]> {
  const variants = deletions(queried);
  const [longer, shorter, alike, near] = await Promise.all([
    Promise.all([queried, ...variants].map((v) => lookup.typos(v))),
    Promise.all(variants.map((v) => lookup.terms(v, false))),
    lookup.terms(queried.slice(0, Math.max(MIN_PREFIX, Math.ceil(queried.length / 2))), true),
    // Terms of the text (not only names and titles) that lost a letter in the first half: the first chunks of its first letters.
    lookup.terms(queried.slice(0, MIN_PREFIX), true),
  ]);
  const candidates = new Set([...longer.flat(), ...[...shorter.flat(), ...alike, ...near].map((f) => f.key)]);
  return [...candidates].filter((c) => oneEditApart(c, queried));
}

/** The alternatives of `terms` (other forms of a word), and, `withGroups`, each synonym of the table among them with its group. */
function formAlternatives(terms: ReadonlySet<string>, synonyms: readonly SynonymGroup[], withGroups: boolean): Alternative[] {
  const alternatives: Alternative[] = [...terms].map((t) => ({ terms: [t], factor: FORM_FACTOR, form: true }));
  if (!withGroups) return alternatives;
  for (const group of synonyms) {
    if (!group.some((member) => member.length === 1 && terms.has(member[0] as string))) continue;
    for (const member of group) {
      if (member.length > 1 || !terms.has(member[0] as string)) alternatives.push({ terms: member, factor: FORM_FACTOR * SYNONYM_FACTOR, phrase: member.length > 1, form: true });
    }
  }
  return alternatives;
}

/** The beginnings of `queried` another form of it may share: from SHARED_PREFIX_MIN letters to all of it. */
export function beginnings(queried: string): string[] {
  const out: string[] = [];
  for (let length = SHARED_PREFIX_MIN; length <= queried.length; length++) out.push(queried.slice(0, length));
  return out;
}

/**
 * Terms of the index and words of the synonym table sharing a beginning of
 * SHARED_PREFIX_MIN letters or more with `queried` (a term), each with the
 * length of that beginning; and whether the index has the word as typed
 * (`queried`, or a longer term it finds as typed).
 */
async function sharedBeginnings(queried: string, typed: string | null, synonyms: readonly SynonymGroup[], lookup: Lookup): Promise<{ shared: Map<string, number>; typedFound: boolean }> {
  const shared = new Map<string, number>();
  if (queried.length < SHARED_PREFIX_MIN) return { shared, typedFound: true };
  // Asked together: the chunks of the shorter beginnings are mostly those of the longer ones, each fetched once.
  const found = await Promise.all(beginnings(queried).map((beginning) => lookup.terms(beginning, true)));
  const keys = new Set(found.flat().map((f) => f.key));
  const typedFound = [...keys].some((key) => matchWeight(key, queried, typed) > 0);
  for (const group of synonyms) for (const member of group) if (member.length === 1) keys.add(member[0] as string);
  for (const candidate of keys) {
    let length = 0;
    while (length < candidate.length && candidate[length] === queried[length]) length += 1;
    if (length >= SHARED_PREFIX_MIN && candidate !== queried) shared.set(candidate, length);
  }
  return { shared, typedFound };
}

/**
 * Other forms of the word `queried` (a term): terms and synonyms that share
 * with it a beginning of SHARED_PREFIX_MIN letters or more, most of the
 * shorter of the two and half the longer (автоматизац → автоматизиру,
 * сегментирован → сегментац, брендирован → брендинг, фронтендер → фронтенд;
 * not контекстн → контент, not брендирован → бренд), and are not found
 * already as longer forms of the word typed. A synonym among them brings its
 * group `withGroups` only: for a word the index and the table lack
 * (фронтендер → the group of frontend), not for one it has (контекстн does
 * not bring the group of «контекстолог»).
 */
function otherForms(queried: string, typed: string | null, shared: ReadonlyMap<string, number>, synonyms: readonly SynonymGroup[], withGroups: boolean): Alternative[] {
  const forms = new Set<string>();
  for (const [candidate, length] of shared) {
    const [shorter, longer] = candidate.length < queried.length ? [candidate.length, queried.length] : [queried.length, candidate.length];
    if (length >= FORM_SHARE_OF_SHORTER * shorter && length >= FORM_SHARE_OF_LONGER * longer && matchWeight(candidate, queried, typed) === 0) forms.add(candidate);
  }
  return formAlternatives(forms, synonyms, withGroups);
}

/**
 * For a word that finds nothing in any way: the terms and synonyms sharing
 * the longest beginning with it, of SHARED_PREFIX_MIN letters or more
 * (брендирован → брендинг), each synonym with its group.
 */
function longestShared(shared: ReadonlyMap<string, number>, synonyms: readonly SynonymGroup[]): Alternative[] {
  const longest = Math.max(0, ...shared.values());
  return formAlternatives(new Set([...shared].filter(([, length]) => length === longest).map(([candidate]) => candidate)), synonyms, true);
}

type Resolved = Holds & { alternatives: Alternative[]; typo: boolean };

/**
 * The concept as the index can answer it: as typed, with the other forms of
 * a word; if that finds nothing (or, `widen`ed, when the whole query found
 * nothing), also as the trade's vocabulary says it; then in the other alphabet; if that still finds nothing, with one
 * letter corrected; failing that, by the longest beginning it shares with a
 * term or a synonym.
 */
async function resolve(index: OpenIndex, concept: Concept, lookup: Lookup, widen: boolean): Promise<Resolved> {
  const asWritten = concept.alternatives[0];
  // The visitor's own word (a concept named by a phrase of left-out words has none).
  const word = asWritten?.typed && asWritten.terms.length === 1 ? (asWritten.terms[0] as string) : null;
  const typed = asWritten?.typed?.[0] ?? null;
  const { shared, typedFound } = word ? await sharedBeginnings(word, typed, index.manifest.synonyms, lookup) : { shared: new Map<string, number>(), typedFound: true };
  // A synonym group found through a form of the word: only for a word neither the index nor the table has.
  const forms = word ? otherForms(word, typed, shared, index.manifest.synonyms, !typedFound && concept.alternatives.length === 1) : [];
  // An English word is also looked for as Russian borrows it (targeting → таргетинг, attribution → атрибуция), with its forms.
  const loan = word ? loanword(word) : null;
  const loanTerm = loan ? term(loan) : null;
  const loanShared = loan && loanTerm && loanTerm !== word ? (await sharedBeginnings(loanTerm, loan, index.manifest.synonyms, lookup)).shared : new Map<string, number>();
  const borrowed: Alternative[] =
    loan && loanTerm && loanTerm !== word
      ? [
          { terms: [loanTerm], typed: [loan], factor: TRANSLITERATED_FACTOR },
          ...otherForms(loanTerm, loan, loanShared, index.manifest.synonyms, false).map((a) => ({ ...a, factor: a.factor * TRANSLITERATED_FACTOR })),
        ]
      : [];
  const withForms = [...concept.alternatives, ...forms, ...borrowed];
  const asTyped: Resolved = { alternatives: withForms, ...(await conceptHolds(index, withForms, lookup)), typo: false };
  if (!word || (asTyped.holds.size > 0 && !widen)) return asTyped;
  // The trade's vocabulary: a word the pages do not use, said as they say it («лидген» → «лидогенерация»).
  // A group the word begins a phrase of («юзер» of «юзер эквизишн») only for a word the pages lack:
  // one they have («bi») would bring every phrase it starts («BI-аналитик») into a widened query.
  const groups = (await lookup.glossary(word)).filter((group) => asTyped.holds.size === 0 || group.some((member) => member.length === 1 && member[0] === word));
  const glossed = groups.flatMap((group) =>
    group.filter((member) => !(member.length === 1 && member[0] === word)).map((member): Alternative => ({ terms: member, factor: SYNONYM_FACTOR, phrase: member.length > 1 })),
  );
  if (glossed.length > 0) {
    const alternatives = [...withForms, ...glossed];
    const found = await conceptHolds(index, alternatives, lookup);
    if (found.holds.size > 0) return { alternatives, ...found, typo: false };
    // A phrase of the trade that no page says where it names itself («Google Tag Manager» in a
    // service's text, for «gtm»): its words anywhere on one page, a little less.
    const loose = glossed.filter((a) => a.phrase).map((a): Alternative => ({ terms: a.terms, factor: a.factor * LOOSE_PHRASE_FACTOR }));
    if (loose.length > 0) {
      const anywhere = [...withForms, ...loose];
      const held = await conceptHolds(index, anywhere, lookup);
      if (held.holds.size > 0) return { alternatives: anywhere, ...held, typo: false };
    }
  }
  const other = transliterate(word);
  const spellings = other ? [word, term(other)] : [word];
  // A short Russian word may be a Latin abbreviation spelt aloud («цпа»): as written, then its trade's group.
  const abbreviation = abbreviationReading(word);
  // A Russian word in translit («otzyvy»), where the English reading of its letters («отзиви») found nothing.
  for (const reading of [other, abbreviation, russianFromTranslit(word)]) {
    if (!reading) continue;
    // The glossary's files are fetched for an abbreviation's reading only, not for every transliteration.
    // Read as the index reads every word (ё and э as е: a transliteration may give «ё»).
    const readingTerm = term(normalise(reading));
    const groups = reading === abbreviation ? await lookup.glossary(readingTerm) : [];
    const said = groups.flatMap((group) => group.map((member): Alternative => ({ terms: member, factor: SYNONYM_FACTOR * TRANSLITERATED_FACTOR, phrase: member.length > 1 })));
    const alternatives = [...withForms, { terms: [readingTerm], typed: [normalise(reading)], factor: TRANSLITERATED_FACTOR }, ...said];
    const found = await conceptHolds(index, alternatives, lookup);
    if (found.holds.size > 0) return { alternatives, ...found, typo: false };
  }
  if (asTyped.holds.size > 0 || concept.letters < TYPO_MIN_LETTERS) return asTyped;
  const corrected = new Set((await Promise.all(spellings.map((s) => typoCorrections(s, lookup)))).flat());
  // A corrected word brings its synonym group as a word typed right would («конфеденциальности» → the privacy policy's).
  const typos = formAlternatives(corrected, index.manifest.synonyms, true).map(
    (a): Alternative => ({ terms: a.terms, factor: (a.factor / FORM_FACTOR) * TYPO_FACTOR, ...(a.phrase ? { phrase: true } : {}) }),
  );
  const typoHolds = await conceptHolds(index, typos, lookup);
  if (typoHolds.holds.size > 0 || word.length <= SHARED_PREFIX_MIN) return { alternatives: typos, ...typoHolds, typo: true };
  const longest = longestShared(new Map([...shared, ...loanShared]), index.manifest.synonyms);
  return { alternatives: longest, ...(await conceptHolds(index, longest, lookup)), typo: false };
}

/** Score of each page for the pairs of neighbouring query terms it holds side by side. */
async function pairScores(index: OpenIndex, resolved: ReadonlyArray<readonly Alternative[]>, lookup: Lookup): Promise<Map<number, number>> {
  // Neighbours inside a phrase, and across each boundary between two concepts; the right one with the word typed for it, if any.
  type Pair = [left: string, right: string, typed: string | null];
  const boundaries: Pair[][] = [];
  resolved.forEach((alternatives, c) => {
    for (const a of alternatives) for (let i = 1; i < a.terms.length; i++) boundaries.push([[a.terms[i - 1] as string, a.terms[i] as string, a.typed?.[i] ?? null]]);
    const next = resolved[c + 1];
    if (next) boundaries.push(alternatives.flatMap((a) => next.map((b): Pair => [a.terms.at(-1) as string, b.terms[0] as string, b.typed?.[0] ?? null])));
  });
  const scores = new Map<number, number>();
  await Promise.all(
    boundaries.map(async (pairs) => {
      const best = new Map<number, number>();
      for (const [left, right, typed] of pairs) {
        for (const { key, rarity: r, ids, values } of postings(index, await lookup.pairs(left, right, typed !== null && typed.length >= MIN_PREFIX))) {
          const factor = matchWeight(key, right, typed);
          if (factor === 0) continue;
          ids.forEach((id, i) => best.set(id, Math.max(best.get(id) ?? 0, (PAIR_WEIGHT * factor * r * postingWeight(values[i] as number)) / WEIGHT_MAX)));
        }
      }
      for (const [id, score] of best) scores.set(id, (scores.get(id) ?? 0) + score);
    }),
  );
  return scores;
}

/** A phrase of the glossary found with its words apart counts this much of it found together. */
const LOOSE_PHRASE_FACTOR = 0.8;

/** `unheld`: how many words of the query (the site's own name aside) no page holds in any way the ranking tried. */
export type Ranking = { ranked: RankedDoc[]; terms: string[]; unheld: number };

/**
 * A query that is a phrase of the trade's glossary as a whole («гугл аналитикс», «юзер
 * эквизишн»), with a word of it on no page as typed: one concept, found as any way the glossary
 * says it. Words the pages use («бюджет на рекламу») are found as they are, and so is a phrase
 * inside a longer query («mobile app marketing»), whose words each find more alone. The
 * glossary's file of the first word's letter is read only then.
 */
async function asTradePhrase(concepts: readonly Concept[], lookup: Lookup): Promise<readonly Concept[]> {
  if (concepts.length < 2) return concepts;
  const words = concepts.map(typedWord);
  const first = words[0];
  if (!first || words.some((w) => w === null)) return concepts;
  const onPages = await Promise.all(words.map(async (w) => (await lookup.terms(w as string, false)).length > 0));
  if (onPages.every(Boolean)) return concepts;
  for (const group of await lookup.glossary(first)) {
    const member = group.find((m) => m.length === words.length && m.every((t, i) => words[i] === t));
    if (member) return [asPhrase(concepts, member, group)];
  }
  return concepts;
}

/** Pages answering `concepts`, best first, and the terms that found them (for excerpts). */
export async function rankPages(index: OpenIndex, concepts: readonly Concept[], lookup: Lookup): Promise<Ranking> {
  const phrased = await asTradePhrase(concepts, lookup);
  if (phrased !== concepts) {
    // The phrase said no way a page says it: the words, each as the ranking finds it alone («email marketing»).
    const ranking = await rankConcepts(index, phrased, lookup);
    if (ranking.ranked.length > 0) return ranking;
  }
  return rankConcepts(index, concepts, lookup);
}

async function rankConcepts(index: OpenIndex, concepts: readonly Concept[], lookup: Lookup): Promise<Ranking> {
  const first = await rankResolved(index, concepts, lookup, false, false);
  if (first.ranked.length > 0 || concepts.length === 0) return first;
  // Nothing as typed: the words may be meant in the other alphabet (дата митап → Data-митап).
  const widened = await rankResolved(index, concepts, lookup, true, false);
  if (widened.ranked.length > 0 || concepts.length === 1) return widened;
  // Still nothing holds every word: pages holding all but one more («как добраться до офиса»: the contacts page has no «добраться»).
  return rankResolved(index, concepts, lookup, true, true);
}

async function rankResolved(index: OpenIndex, concepts: readonly Concept[], lookup: Lookup, widen: boolean, partial: boolean): Promise<Ranking> {
  if (concepts.length === 0) return { ranked: [], terms: [], unheld: 0 };
  const resolved = await Promise.all(
    concepts.map(async (c) => {
      const r = await resolve(index, c, lookup, widen);
      if (!c.optional) return r;
      // The site's own name says little about a page: it counts for a quarter of its weight, held or missing.
      for (const hold of r.holds.values()) hold.score *= OPTIONAL_WEIGHT;
      return { ...r, rarity: r.rarity * OPTIONAL_WEIGHT };
    }),
  );
  const pairs = await pairScores(index, resolved.map((r) => r.alternatives), lookup);
  // Partial, a long query may miss half its words: a task told in everyday words («устали платить комиссию букингу, хотим
  // бронирования напрямую») holds words no page uses, and the rarity of each missing word still costs.
  const strict = concepts.length >= 3 ? 1 : 0;
  const allowedMissing = partial ? Math.max(strict + 1, Math.floor(concepts.length / 2)) : strict;
  const totalRarity = resolved.reduce((sum, r) => sum + r.rarity, 0) || 1;
  const candidates = new Set(resolved.flatMap((r) => [...r.holds.keys()]));
  const ranked: Array<RankedDoc & { typos: number }> = [];
  for (const id of candidates) {
    let missing = 0;
    let missingRarity = 0;
    let held = 0;
    let typos = 0;
    let own = 0;
    let score = pairs.get(id) ?? 0;
    let cover = 0;
    let headRarity = 0;
    for (const [c, r] of resolved.entries()) {
      const hold = r.holds.get(id);
      if (!hold) {
        if (!concepts[c]?.optional) missing += 1;
        missingRarity += r.rarity;
        continue;
      }
      held += 1;
      if (r.typo) typos += 1;
      if (hold.own) own += 1;
      score += hold.score;
      cover += hold.cover;
      if (hold.inHead) headRarity += r.rarity;
    }
    // Text the page shares with others (a call to action, a card) may complete a match, never make most of it.
    if (missing > allowedMissing || own === 0 || own < held - own) continue;
    score += HEAD_BONUS * Math.min(1, cover) * (headRarity / totalRarity) ** 2;
    // Missing a common word of a longer query («сколько») costs little, missing its rare word a lot.
    ranked.push({ id, score: score * (1 - missingRarity / totalRarity), typos });
  }
  ranked.sort((a, b) => a.typos - b.typos || b.score - a.score || a.id - b.id);
  const terms = [...new Set(resolved.flatMap((r) => r.alternatives.flatMap((a) => a.terms)))];
  const unheld = resolved.filter((r, c) => r.holds.size === 0 && !concepts[c]?.optional).length;
  return { ranked: ranked.map(({ id, score }) => ({ id, score })), terms, unheld };
}
