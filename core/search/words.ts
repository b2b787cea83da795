/**
 * Words as the search index sees them, shared by the build step that writes
 * the index (server/releases/search.ts) and the engine that reads it in the
 * browser: both sides must cut and stem text the same way, or a query never
 * meets the words it should.
 */
import { stemmer } from "@orama/stemmers/russian";

/** Letters and digits; a hyphen or an apostrophe inside a word splits it (CRM-маркетинг is two words). */
const WORD = /[\p{L}\p{N}]+/gu;
const CYRILLIC = /\p{Script=Cyrillic}/u;

/**
 * Words that carry no meaning on their own. Left out of the index (they are
 * in almost every page) and of queries, where they would only narrow an
 * "every word" match to pages that happen to use the same preposition.
 */
const STOP_WORDS = new Set(
  (
    "без более бы был была были было быть в вам вас весь во вот все всё всего всех вы где да даже для до его ее её если есть еще ещё же за и из или им их к как ко когда кто ли либо мы на над нам нас не него нее неё нет ни них но ну о об однако он она они оно от по под при про с со так также такой там то тем того тоже только том ту у уже чем что чтобы эта эти это этот я " +
    "a an and are as at be by for from in is it of on or that the to with"
    // Any whitespace: the build's UI typography binds short words with U+00A0.
    // Compared with words already normalised: «это» is «ето» by then.
  )
    .split(/\s+/)
    .map((word) => normalise(word)),
);

/**
 * Words that make a query a question or a request, not what it asks about
 * («как с вами связаться», «подскажите, сколько стоит…»): dropped from
 * queries and synonym phrases only. Pages keep them (a question's title
 * «Можно ли работать удалённо?» still has its words), but a page must not
 * match, or fail to match, because of them.
 */
const QUESTION_WORDS = new Set(
  (
    "зачем почему отчего куда откуда какой какая какое какие какого какую каким каких каков какова " +
    "пожалуйста подскажите скажите расскажите покажите здравствуйте привет спасибо " +
    "хочу хотим хотел хотела хотелось нужно нужен нужна нужны надо можно могу можете " +
    "вами ваш ваша ваше ваши вашего вашей вашем вашим ваших вашу мне меня мной мой моя мое моё мои моего моей моих моим нам нами " +
    "находится находитесь находятся расположен расположена расположены " +
    // The helping verbs and the pronouns of a question («чьи будут кабинеты», «проверите нашу метрику»): the rest of it says what it asks.
    "буду будет будем будете будут бывает чей чья чье чьи чьего чьей кому кого наш наша наше наши нашего нашей нашем нашим наших нашу " +
    "вообще обычно сначала сразу чтоб даете дадите дайте " +
    // A list asked for («список услуг», «перечень вакансий»): what is listed is the query.
    "список списки перечень"
  )
    .split(" ")
    .map((word) => normalise(word)),
);

/**
 * Words naming the site itself: every page is the agency's, so «телефон
 * агентства» asks for the telephone and «ценности компании» for its values,
 * and a page need not say «агентство» or «компания» to answer it (query.ts
 * makes such a word optional beside others).
 */
const SELF_WORDS = new Set("агентство агентства агентству агентством агентстве агентств ориентир ориентира ориентиру ориентиром ориентире компания компании компанию компанией".split(" "));

/** Whether a normalised word names the site itself. */
export const isSelfWord = (word: string) => SELF_WORDS.has(word);

/**
 * Verbs of a task told in everyday words («поднять сайт в поиске», «увеличить продажи»): what is
 * to be done says less than what it is done to, and the page that does it need not use the verb
 * (query.ts makes such a word optional beside others, as a word naming the site).
 */
const TASK_VERBS = new Set(
  (
    "поднять поднимать увеличить увеличивать повысить повышать улучшить улучшать снизить снижать уменьшить уменьшать " +
    "сократить сокращать сделать делать настроить настраивать наладить запустить запускать понять понимать узнать узнавать " +
    "посчитать считать получить получать привлечь привлекать вывести выводить раскрутить раскручивать продвинуть продвигать " +
    "начать начинать найти искать вернуть возвращать перестать избавиться"
  )
    .split(" ")
    .map((word) => normalise(word)),
);

/** Whether a normalised word is a verb of a task (TASK_VERBS). */
export const isTaskVerb = (word: string) => TASK_VERBS.has(word);

/**
 * Lower case, ё and э read as е: visitors rarely type ё (content uses it), and words the trade
 * borrows are written both ways («сэмплирование» and «семплирование», «СЭО» and «СЕО»).
 */
export function normalise(text: string): string {
  return text.toLowerCase().replaceAll("ё", "е").replaceAll("э", "е");
}

/** The index term of one normalised word: Russian words by their stem, others as they are. */
export function term(word: string): string {
  return CYRILLIC.test(word) ? stemmer(word) : word;
}

export type Token = { term: string; start: number; end: number };

/** Every meaningful word of `text` with its term and where it stands in the text. */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  // Matched in the original text, so positions point into what the visitor reads.
  for (const match of text.matchAll(WORD)) {
    const word = normalise(match[0]);
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    out.push({ term: term(word), start: match.index, end: match.index + match[0].length });
  }
  return out;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The meaningful words of `text` that begin with one of `prefixes`, in text
 * order: what an excerpt needs to mark, found without cutting and stemming
 * every word of a long page (a term is always the start of its word).
 */
export function wordsStartingWith(text: string, prefixes: readonly string[]): Token[] {
  const lower = normalise(text);
  // Lower-casing changes the length of a few rare letters: then positions would drift.
  if (lower.length !== text.length) return tokens(text).filter((t) => prefixes.some((p) => normalise(text.slice(t.start, t.end)).startsWith(p)));
  const found = new Map<number, Token>();
  for (const prefix of prefixes) {
    for (let at = lower.indexOf(prefix); at !== -1; at = lower.indexOf(prefix, at + 1)) {
      if (at > 0 && WORD_CHAR.test(lower[at - 1] as string)) continue;
      let end = at + prefix.length;
      while (end < lower.length && WORD_CHAR.test(lower[end] as string)) end += 1;
      const word = lower.slice(at, end);
      if (word.length >= 2 && !STOP_WORDS.has(word)) found.set(at, { term: term(word), start: at, end });
    }
  }
  return [...found.values()].sort((a, b) => a.start - b.start);
}

/** Whether a normalised word makes a query a question or a request rather than saying what it asks about. */
export const isQuestionWord = (word: string) => QUESTION_WORDS.has(word);

/** The words of a query that say what it asks about: its meaningful words without question words and politeness. */
export function queryTokens(query: string): Token[] {
  return tokens(query).filter((t) => !isQuestionWord(normalise(query.slice(t.start, t.end))));
}

/**
 * Whether a normalised word of two letters or more is one search leaves out of queries (a stop or
 * question word): a synonym phrase holding one is matched as a whole query only (query.ts).
 */
export const isLeftOutWord = (word: string) => word.length >= 2 && (STOP_WORDS.has(word) || QUESTION_WORDS.has(word));


/** Every word of `text`, normalised, stop words and one-letter words included: for names made of such words only («о нас»). */
export function plainWords(text: string): string[] {
  return [...text.matchAll(WORD)].map((match) => normalise(match[0]));
}

/** A query word shorter than this matches whole terms only: "ма" would match half the index. */
export const MIN_PREFIX = 3;
/** A word typed so far also finds longer terms (маркет → маркетинг), at a lower weight than a whole-term match. */
const PREFIX_WEIGHT = 0.6;

/** A term this long is a word's stem, not a beginning that may be half of a word: its longer terms are forms of it (маркетинг → маркетинговый). */
export const STEM_MIN = 5;

/**
 * How well an index term answers a query term: 1 whole, less as a longer
 * term it begins, 0 not at all. `typed` is the word as the visitor typed it
 * (normalised): a longer term counts if it begins with that word (typed so
 * far: «цен» finds «ценности»), or with a stem of STEM_MIN letters or more
 * («маркетинга» finds «маркетинговый»), but not with a short stem alone
 * («цены» is a whole word, not the beginning of «ценности»). null for a
 * term nobody typed (a synonym), matched whole only.
 */
export function matchWeight(candidate: string, queried: string, typed: string | null = queried): number {
  if (candidate === queried) return 1;
  if (typed === null || !candidate.startsWith(queried)) return 0;
  return (typed.length >= MIN_PREFIX && candidate.startsWith(typed)) || queried.length >= STEM_MIN ? PREFIX_WEIGHT : 0;
}

/** Words of a query that count: each fetches index chunks, and a pasted page should not fetch them all. */
export const MAX_QUERY_TERMS = 8;

/** The distinct terms a query asks for, in the order typed. */
export function queryTerms(query: string): string[] {
  return [...new Set(queryTokens(query).map((t) => t.term))].slice(0, MAX_QUERY_TERMS);
}
