import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "node-html-parser";

/**
 * The spec's typography rule as a crawler would check it: in p, h1–h6, li and
 * span outside `.no-typografy`, no word of one or two letters is followed by
 * an ordinary space. Two Russian exceptions, both typograf's own rules, keep
 * their ordinary space after them so three words are not glued together: a
 * particle (ли, же, бы…) bound to the word before it, and a unit (мм, км…)
 * bound to its number. Code (code, kbd, samp, var, pre) is not text:
 * typograf skips it too.
 *
 *   npx node scripts/typography-check.ts   # lists problems in the live release
 */
// The space is looked at, not consumed: it may be the start of the next short word ("А в ссылке").
const SHORT_WORD = /(^|[\s\u00a0(«„"“'])([a-zа-яё]{1,2})(?= )/gi;
const PARTICLE = /^(ли|ль|же|ж|бы|б)$/i;
const UNIT = /^(мм?|см|км|дм|гм|mm?|km|cm|dm)$/i;
const CHECKED = "p, h1, h2, h3, h4, h5, h6, li, span";
const CODE = "code, kbd, samp, var, pre";
/** Stands in for a code fragment: a boundary, never a letter. */
const OBJECT = "\ufffc";

export type Violation = { tag: string; word: string; context: string };

/** Short words followed by an ordinary space in one text. */
export function unboundShortWords(text: string): Array<{ word: string; index: number }> {
  const found: Array<{ word: string; index: number }> = [];
  for (const match of text.matchAll(SHORT_WORD)) {
    const [, before = "", word = ""] = match;
    const at = (match.index ?? 0) + before.length;
    if (before === "\u00a0" && PARTICLE.test(word)) continue;
    if (before === "\u00a0" && UNIT.test(word) && /\d/.test(text[at - 2] ?? "")) continue;
    found.push({ word, index: at });
  }
  return found;
}

export function typographyViolations(html: string): Violation[] {
  const violations: Violation[] = [];
  // `pre` parsed as elements (node-html-parser keeps it as raw text by default).
  const root = parse(html, { blockTextElements: { script: true, noscript: true, style: true } });
  for (const code of root.querySelectorAll(CODE)) code.replaceWith(OBJECT);
  for (const element of root.querySelectorAll(CHECKED)) {
    if (element.closest(".no-typografy")) continue;
    // Text as a visitor reads it: entities decoded, descendants included.
    const text = element.textContent;
    for (const { word, index } of unboundShortWords(text)) {
      violations.push({ tag: element.tagName.toLowerCase(), word, context: text.slice(Math.max(0, index - 30), index + 30).trim() });
    }
  }
  return violations;
}

export function* prerenderedHtmlFiles(clientDir: string): Generator<string> {
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name === "index.html") yield join(entry.parentPath, entry.name);
  }
}

if (import.meta.main) {
  const { env } = await import("#core/config/env.server.ts");
  const { liveFiles, releasesRoot } = await import("../server/releases/store.ts");
  const dir = liveFiles(releasesRoot(env));
  if (!dir) throw new Error("no release yet: run `npm run publish`");
  let count = 0;
  for (const file of prerenderedHtmlFiles(dir)) {
    for (const v of typographyViolations(readFileSync(file, "utf8"))) {
      count += 1;
      console.log(`${relative(dir, file)}: <${v.tag}> "${v.word} " in …${v.context}…`);
    }
  }
  console.log(`${count} problem(s)`);
  process.exitCode = count > 0 ? 1 : 0;
}
