/**
 * Synthetic Russian articles for the search scale check. Text is a word
 * chain learned from the site's own content (so word forms, length and
 * punctuation look like ours), mixed with a generated lexicon of extra words:
 * thousands of real articles would use far more distinct words than our
 * content does, and index size grows with vocabulary.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";

/** Deterministic random numbers (mulberry32): the same seed writes the same corpus. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORD = /[\p{L}\d][\p{L}\d-]*|[.,:;!?—]/gu;

/** Words and punctuation of every Markdown body under `contentDir` (front matter and code dropped). */
export function sourceTokens(contentDir: string): string[] {
  const tokens: string[] = [];
  for (const entry of readdirSync(contentDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".md")) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), "utf8")
      .replace(/^---[\s\S]*?\n---\n/, "")
      .replace(/```[\s\S]*?```/g, " ")
      .replace(/[#>*|`_[\]()]/g, " ");
    tokens.push(...(text.match(WORD) ?? []));
  }
  return tokens;
}

const SYLLABLES = "ба ве ги до ку ле ми но пра ро са ти у фе хо цен чи ша эк ю яр ст гра пло кре сви дро мо ти ка ло".split(" ");
const ENDINGS = "ание ение ость ник ка ов ый ая ое ые ого ому ами ах ить ать ует ают ировать ация".split(" ");

/** `size` invented words that look Russian enough for the stemmer to treat them as words. */
export function lexicon(size: number, rnd: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const syllables = 2 + Math.floor(rnd() * 3);
    let word = "";
    for (let i = 0; i < syllables; i++) word += SYLLABLES[Math.floor(rnd() * SYLLABLES.length)];
    words.add(word + ENDINGS[Math.floor(rnd() * ENDINGS.length)]);
  }
  return [...words];
}

type Chain = Map<string, string[]>;

function chain(tokens: readonly string[]): Chain {
  const next: Chain = new Map();
  for (let i = 0; i + 1 < tokens.length; i++) {
    const key = (tokens[i] as string).toLowerCase();
    const list = next.get(key) ?? [];
    list.push(tokens[i + 1] as string);
    next.set(key, list);
  }
  return next;
}

export type Corpus = {
  sentence: (minWords: number, maxWords: number) => string;
  /** An invented word, frequent ones more often (Zipf-like). */
  rareWord: () => string;
};

export function corpus(tokens: readonly string[], extraWords: readonly string[], rnd: () => number): Corpus {
  const next = chain(tokens);
  const starts = tokens.filter((t, i) => i > 0 && tokens[i - 1] === "." && /^\p{Lu}/u.test(t));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const rareWord = () => extraWords[Math.floor(extraWords.length * rnd() ** 3)] as string;
  const sentence = (minWords: number, maxWords: number) => {
    const target = minWords + Math.floor(rnd() * (maxWords - minWords + 1));
    const out: string[] = [pick(starts)];
    let words = 1;
    while (words < target) {
      // One word in seven comes from the invented lexicon.
      const candidates = next.get((out.at(-1) as string).toLowerCase());
      const token = rnd() < 1 / 7 || !candidates ? rareWord() : pick(candidates);
      if (token === "." || token === "!" || token === "?") break;
      out.push(token);
      if (/\p{L}/u.test(token)) words += 1;
    }
    return `${out.join(" ").replace(/ ([.,:;!?])/g, "$1").replace(/[,:;—]$/, "")}.`;
  };
  return { sentence, rareWord };
}

export type ArticleFrame = { authors: readonly string[]; categories: readonly string[] };

/** One article file (front matter + Markdown), ~600–1,100 words like the real ones. */
export function article(c: Corpus, frame: ArticleFrame, n: number, rnd: () => number): string {
  const title = c.sentence(5, 9).replace(/\.$/, "");
  let description = c.sentence(12, 22);
  while (description.length < 60) description += ` ${c.sentence(6, 10)}`;
  description = description.slice(0, 190);
  const sections: string[] = [];
  const sectionCount = 3 + Math.floor(rnd() * 3);
  for (let s = 0; s < sectionCount; s++) {
    sections.push(`## ${c.sentence(3, 6).replace(/\.$/, "")}`);
    const paragraphs = 2 + Math.floor(rnd() * 3);
    for (let p = 0; p < paragraphs; p++) {
      const sentences = 3 + Math.floor(rnd() * 4);
      sections.push(Array.from({ length: sentences }, () => c.sentence(8, 20)).join(" "));
    }
  }
  const day = new Date(Date.UTC(2020, 0, 1) + n * 8.64e7 * 0.4).toISOString().slice(0, 10);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  return [
    "---",
    `title: ${JSON.stringify(title)}`,
    `description: ${JSON.stringify(description)}`,
    `author: ${pick(frame.authors)}`,
    `category: ${pick(frame.categories)}`,
    `tags: [synthetic]`,
    `published: ${day}`,
    "---",
    "",
    sections.join("\n\n"),
    "",
  ].join("\n");
}

/** `count` synthetic articles (`academy/synthetic-NNNNN.md`) added to a copy of the content, the same for the same count. */
export function addArticles(contentDir: string, count: number): void {
  const rnd = random(20261121);
  const text = corpus(sourceTokens(contentDir), lexicon(40_000, rnd), rnd);
  const company = parseYaml(readFileSync(join(contentDir, "company.yaml"), "utf8")) as { team: Array<{ id: string }> };
  const frame = { authors: company.team.map((m) => m.id), categories: ["seo", "aso", "performance", "analytics", "brand"] };
  for (let n = 0; n < count; n++) writeFileSync(join(contentDir, "academy", `synthetic-${String(n).padStart(5, "0")}.md`), article(text, frame, n, rnd));
}
