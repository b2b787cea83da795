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

/** The set the ranking was tuned on. */
export const JUDGED_QUERIES = join(import.meta.dirname, "judged-queries.yaml");
/**
 * A second tuning set (issue 58), of the fourth held-out set's kinds: written by an author who ran
 * no engine and read no held-out set, then its misses read and tuned on, so that the fourth set
 * stays unread.
 */
export const TUNING_5_QUERIES = join(import.meta.dirname, "tuning-5-queries.yaml");
/** A third tuning set (issue 58), written the same way a round later, less the queries other sets already had. */
export const TUNING_6_QUERIES = join(import.meta.dirname, "tuning-6-queries.yaml");
/** A fourth tuning set (issue 58), written the same way from the content before «С чем к нам приходят» was added. */
export const TUNING_7_QUERIES = join(import.meta.dirname, "tuning-7-queries.yaml");
/** A fifth tuning set (issue 58), written the same way after the fifth round, from the content before it. */
export const TUNING_8_QUERIES = join(import.meta.dirname, "tuning-8-queries.yaml");
/** A sixth tuning set (issue 58), written the same way, most of it the trade's vocabulary in a phrase. */
export const TUNING_9_QUERIES = join(import.meta.dirname, "tuning-9-queries.yaml");
/** A seventh tuning set (issue 58), written the same way in the voice of visitors who are not marketers. */
export const TUNING_10_QUERIES = join(import.meta.dirname, "tuning-10-queries.yaml");
/** An eighth tuning set (issue 58), written the same way in the voice of marketers, analysts and job seekers of the trade. */
export const TUNING_11_QUERIES = join(import.meta.dirname, "tuning-11-queries.yaml");
/** Queries kept out of tuning (issue 42): the check that the ranking answers what it was not tuned on. */
export const HELD_OUT_QUERIES = join(import.meta.dirname, "held-out-queries.yaml");
/** The third held-out set (issue 42), written before the round that read the second set's misses. */
export const HELD_OUT_3_QUERIES = join(import.meta.dirname, "held-out-3-queries.yaml");
/** The fourth held-out set (issue 58), written before that issue's changes: wrong keyboard layout, facts in fields, pages in visitors' words, trade vocabulary in either alphabet, tasks in everyday words. */
export const HELD_OUT_4_QUERIES = join(import.meta.dirname, "held-out-4-queries.yaml");
/** The fifth held-out set (issue 58), written blind of the same kinds before the sixth round: never tuned on. */
export const HELD_OUT_5_QUERIES = join(import.meta.dirname, "held-out-5-queries.yaml");

/** Queries that two sets both hold (a held-out query copied into the tuning set is no longer held out). */
export function sharedQueries(a: readonly JudgedQuery[], b: readonly JudgedQuery[]): string[] {
  const inA = new Set(a.map((q) => q.query.toLowerCase()));
  return b.filter((q) => inA.has(q.query.toLowerCase())).map((q) => q.query);
}

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
