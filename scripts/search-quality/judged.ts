/** The judged query set (judged-queries.yaml), validated: a typo in a page address must not pass as a miss. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";

const JudgedQuerySchema = z.strictObject({
  query: z.string().trim().min(1),
  /** Names one thing: success@1 counts it. */
  navigational: z.boolean().default(false),
  /** Pages that answer the query. */
  pages: z.array(z.string().startsWith("/")).min(1),
  /** Pages that help without being the answer. */
  related: z.array(z.string().startsWith("/")).default([]),
});

export type JudgedQuery = z.output<typeof JudgedQuerySchema>;

export const JUDGED_QUERIES = join(import.meta.dirname, "judged-queries.yaml");

/** The set in `file`; every page it names must be one of `known` (the indexed URLs). */
export function loadJudged(file: string, known: ReadonlySet<string>): JudgedQuery[] {
  const set = z.array(JudgedQuerySchema).parse(parse(readFileSync(file, "utf8")));
  const unknown = set.flatMap((q) => [...q.pages, ...q.related].filter((url) => !known.has(url)).map((url) => `«${q.query}»: ${url}`));
  if (unknown.length > 0) throw new Error(`${file} names pages that are not indexed:\n  ${unknown.join("\n  ")}`);
  const seen = new Set<string>();
  for (const q of set) {
    const key = q.query.toLowerCase();
    if (seen.has(key)) throw new Error(`${file}: «${q.query}» is judged twice`);
    seen.add(key);
  }
  return set;
}
