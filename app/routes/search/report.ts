import { analyticsAllowed } from "../../consent/consent.ts";
import { readRuntimeConfig } from "#core/lib/runtime-config.ts";
import { LOGGED_POSITION_MAX, SEARCH_LOG_PATH, type SearchLogEvent } from "#core/search/log.ts";

/**
 * Tells the site what a visitor searched and which result it followed («Поиск по сайту» in the
 * studio, core/search/log.ts), where the visitor allows analytics: with consent asked
 * (ANALYTICS_REQUIRE_CONSENT) only after agreeing, otherwise unless refused. A beacon: it never
 * delays the page, and a failure is nobody's concern. Each query is reported once per page load.
 */
const reported = new Set<string>();

function send(event: SearchLogEvent): void {
  if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return;
  if (!analyticsAllowed(readRuntimeConfig().analyticsRequireConsent === true)) return;
  // A string goes as text/plain: a simple request, no preflight.
  navigator.sendBeacon(SEARCH_LOG_PATH, JSON.stringify(event));
}

/** A query the visitor stopped at, with how many results it had. */
export function reportSearch(query: string, found: number): void {
  const key = query.trim().toLowerCase();
  if (!key || reported.has(key)) return;
  reported.add(key);
  send({ q: query, found });
}

/** A result followed from a query, at its place in the list (from 1). */
export function reportFollowed(query: string, url: string, position: number): void {
  if (!query.trim() || position < 1 || position > LOGGED_POSITION_MAX) return;
  send({ q: query, url, position });
}
