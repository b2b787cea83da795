import { matchWeight, wordsStartingWith } from "#core/search/words.ts";

/** A piece of an excerpt: plain text, rendered by the page as text or inside `<mark>`. */
export type ExcerptPart = { text: string; mark: boolean };

/** Words an excerpt shows, and how many of them come before the first match. */
const LENGTH = 28;
const LEAD = 6;

/**
 * About LENGTH words of `text` around the first word matching the query,
 * with every matching word marked; the start of the text when no word
 * matches (the record matched on a part not kept for excerpts).
 */
export function excerpt(text: string, queried: readonly string[]): ExcerptPart[] {
  const words = [...text.matchAll(/\S+/g)];
  const matched = wordsStartingWith(text, queried).filter((t) => queried.some((q) => matchWeight(t.term, q) > 0));
  const firstAt = matched[0]?.start ?? 0;
  const firstWord = Math.max(0, words.findIndex((w) => w.index + w[0].length > firstAt));
  const from = Math.max(0, firstWord - LEAD);
  const to = Math.min(words.length, from + LENGTH);
  if (to <= from) return [];
  const start = words[from]?.index ?? 0;
  const last = words[to - 1] as RegExpExecArray;
  const end = last.index + last[0].length;

  const parts: ExcerptPart[] = [];
  const push = (piece: string, mark: boolean) => piece && parts.push({ text: piece, mark });
  push(from > 0 ? "… " : "", false);
  let at = start;
  for (const m of matched) {
    if (m.start < start || m.end > end) continue;
    push(text.slice(at, m.start), false);
    push(text.slice(m.start, m.end), true);
    at = m.end;
  }
  push(text.slice(at, end), false);
  push(to < words.length ? " …" : "", false);
  // Neighbouring plain pieces read as one.
  return parts
    .reduce<ExcerptPart[]>((out, part) => {
      const previous = out.at(-1);
      if (previous && !previous.mark && !part.mark) previous.text += part.text;
      else out.push({ ...part });
      return out;
    }, [])
    .map((part) => ({ ...part, text: bindShortWords(part.text) }));
}

const PARTICLE = /^(ли|ль|же|ж|бы|б)$/i;
const PARTICLE_BEFORE = /(\S) (ли|ль|же|ж|бы|б)(?=[\s.,!?;:…»)]|$)/gi;
const SHORT_WORD = /(?<=^|[\s\u00a0(«„"“'])([a-zа-яё]{1,2}) /gi;
/** A particle already bound to the word before keeps the space after it. */
const bindAfter = (all: string, word: string, at: number, text: string) => (text[at - 1] === "\u00a0" && PARTICLE.test(word) ? all : `${word}\u00a0`);

/**
 * A short word bound to the next one, a particle to the one before, as the
 * pages' typography binds them (decision 006): an excerpt is cut from a
 * record's plain text, whose spaces are all ordinary.
 */
export function bindShortWords(text: string): string {
  return text.replace(PARTICLE_BEFORE, "$1\u00a0$2").replace(SHORT_WORD, bindAfter);
}
