/**
 * What visitors search (issue 58): the search page tells the server, where the visitor agreed to
 * analytics, what it searched and which result it followed; the server keeps counts per week and
 * normalised query, nothing about who asked (no address, cookie or visitor id), 90 days. Shared by
 * the page (what it sends), the site's endpoint (what it accepts), the store and «Поиск по сайту»;
 * free of libraries, since the search page loads it.
 */
/** The site's endpoint the search page posts to (server/endpoints.ts). */
export const SEARCH_LOG_PATH = "/search-log";
/** A query longer than this is cut: nobody reads a paragraph in a table of queries. */
export const LOGGED_QUERY_MAX = 100;
/** The largest body the endpoint reads: a query and a result's address. */
export const SEARCH_LOG_BODY_MAX = 1_024;
/** How long the counts are kept (the daily retention run drops older weeks). */
export const SEARCH_LOG_DAYS = 90;
/** Results after this place are not counted as a place of their own. */
export const LOGGED_POSITION_MAX = 1_000;

/** One thing the search page reports: a query it answered (with how many results), or a result followed at its place (from 1). */
export type SearchLogEvent = { q: string; found: number } | { q: string; url: string; position: number };

const EMAIL = /\S+@\S+/;
/** Six digits or more, however spaced or dashed: a phone, a card, a passport, an order number. */
const LONG_NUMBER = /\d(?:[\s\-().+]*\d){5,}/;

/**
 * A query as the table counts it: lower case, ё as е, spaces collapsed, at most LOGGED_QUERY_MAX
 * characters; null for one that may name a person (an e-mail, a phone, a long number): such a
 * query is dropped before anything is stored.
 */
export function loggedQuery(typed: string): string | null {
  const query = typed.normalize("NFC").toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").trim();
  if (!query || EMAIL.test(query) || LONG_NUMBER.test(query)) return null;
  return query.length > LOGGED_QUERY_MAX ? query.slice(0, LOGGED_QUERY_MAX).trim() : query;
}

/** Moscow has kept UTC+3 since 2014: its weeks start on Monday at 00:00 there. */
const MOSCOW_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/** The start of the Moscow week (Monday 00:00) that holds `at`, in ms. */
export function weekOf(at: number): number {
  const local = at + MOSCOW_MS;
  const day = Math.floor(local / DAY_MS);
  // 1970-01-01 was a Thursday: day 0 is weekday 3 counting Monday as 0.
  const monday = day - ((day + 3) % 7);
  return monday * DAY_MS - MOSCOW_MS;
}

/** One result followed from a query. */
export type LoggedClick = { url: string; position: number; clicks: number };

/** One normalised query of a week. */
export type LoggedQuery = {
  query: string;
  searches: number;
  /** Answered with no result. */
  empty: number;
  /** Results followed from it, most followed first (a few). */
  clicks: LoggedClick[];
  clicksTotal: number;
};

/** GET /studio/api/search-log?week=…&empty=1 */
export type SearchLogView = {
  /** Weeks with any query, newest first (their Monday, ms). */
  weeks: number[];
  week: number | null;
  /** Totals of the week. */
  searches: number;
  empty: number;
  queries: LoggedQuery[];
  /** More queries than shown (the list holds the most searched). */
  more: boolean;
  days: number;
};

/** A result as «Поиск по сайту» shows it; `pinned`: an editor's pin put it first. */
export type PreviewHit = { url: string; title: string; pinned: boolean };

/** The first results of a query, and how many there are in all. */
export type PreviewResults = {
  total: number;
  hits: PreviewHit[];
  /** The query as read with the other keyboard layout, when that is what found them. */
  switched?: string;
};

/** GET /studio/api/search-log/results?q=…: a query's results on the site now, and after the next publication (the search's words as saved). */
export type SearchResultsPreview = { query: string; now: PreviewResults; next: PreviewResults };
