import { FORM_KINDS } from "#core/forms/kinds.ts";
import type { Db, SqlValue } from "../../leads/db.ts";
import type { InboxFilter } from "./filter.ts";

/**
 * A filter as a WHERE clause over `submissions s`, with its parameters
 * numbered from `first`. The kinds come first and always: a role that sees
 * some kinds gets `s.form IN (…)` in every query it makes (an empty list
 * matches nothing). A search is the ids of the submissions that have a word
 * of each prefix: a range of submission_words' byte-ordered primary key.
 *
 * PostgreSQL keeps no statistics of the words (they are personal data:
 * wipe.ts), so it cannot tell a prefix of three submissions from one of
 * thousands; as a semi-join it guessed thousands and walked every submission
 * newest first looking for them (0.4–1 s at 100,000). The ids are therefore
 * read first, as an array, and the submissions fetched by their key: the
 * cost follows the matches, whatever the guess. SQLite plans the semi-join
 * well and keeps it.
 */
export type Where = { sql: string; params: SqlValue[] };

/** Above every character in UTF-8 byte order: `word < prefix + TOP` bounds the words that start with `prefix`. */
const TOP = "\u{10FFFF}";

export function whereOf(filter: InboxFilter, backend: Db["backend"], first = 1): Where {
  const clauses: string[] = [];
  const params: SqlValue[] = [];
  const add = (value: SqlValue) => {
    params.push(value);
    return `$${first + params.length - 1}`;
  };
  const excluded = FORM_KINDS.filter((kind) => !filter.kinds.includes(kind));
  if (filter.kinds.length === 0) clauses.push("1 = 0");
  else if (filter.kinds.length === 1) clauses.push(`s.form = ${add(filter.kinds[0] as string)}`);
  // Most kinds: said as the ones left out, which no index serves, so the newest-first index reads the page.
  else if (excluded.length > 0) clauses.push(`s.form NOT IN (${excluded.map((kind) => add(kind)).join(", ")})`);
  if (filter.status) clauses.push(`s.status = ${add(filter.status)}`);
  if (filter.from !== undefined) clauses.push(`s.created_at >= ${add(filter.from)}`);
  if (filter.to !== undefined) clauses.push(`s.created_at < ${add(filter.to)}`);
  if (filter.source) clauses.push(`s.page = ${add(filter.source)}`);
  if (filter.utmSource) clauses.push(`s.utm_source = ${add(filter.utmSource)}`);
  if (filter.landing) clauses.push(`s.campaign_landing = ${add(filter.landing)}`);
  if (filter.variant) clauses.push(`s.campaign_variant = ${add(filter.variant)}`);
  if (filter.owner === null) clauses.push("s.owner_id IS NULL");
  else if (filter.owner !== undefined) clauses.push(`s.owner_id = ${add(filter.owner)}`);
  const words = (filter.prefixes ?? []).map((prefix) => `SELECT w.submission_id FROM submission_words w WHERE w.word >= ${add(prefix)} AND w.word < ${add(prefix + TOP)}`);
  if (words.length > 0 && backend === "postgres") {
    // Digits that are a number or a phone's start: either, as one list of ids.
    const number = filter.number === undefined ? [] : [`SELECT n.id FROM submissions n WHERE n.number = ${add(filter.number)}`];
    clauses.push(`s.id = ANY(ARRAY(${[words.join(" INTERSECT "), ...number].map((sql) => `(${sql})`).join(" UNION ")}))`);
  } else if (filter.number === undefined) clauses.push(...words.map((ids) => `s.id IN (${ids})`));
  else if (words.length === 0) clauses.push(`s.number = ${add(filter.number)}`);
  // Either, as one list of ids from two indexes (an OR across the two would read every submission).
  else if (words.length === 1) clauses.push(`s.id IN (SELECT n.id FROM submissions n WHERE n.number = ${add(filter.number)} UNION ALL ${words[0]})`);
  else clauses.push(`(s.number = ${add(filter.number)} OR (${words.map((ids) => `s.id IN (${ids})`).join(" AND ")}))`);
  return { sql: clauses.length > 0 ? `WHERE ${clauses.join(" AND ")}` : "", params };
}
