import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { LOGGED_POSITION_MAX, LOGGED_QUERY_MAX, loggedQuery, SEARCH_LOG_BODY_MAX, type SearchLogEvent, weekOf } from "#core/search/log.ts";
import { BODY_MESSAGES, readBody, refuseUnread } from "./body.ts";
import { analyticsCounted } from "./consent.ts";
import { isCrossSite } from "./cross-site.ts";
import type { searchLogStore } from "./leads/search-log-store.ts";
import type { Logger } from "./log.ts";
import type { RateLimiter } from "./rate-limit.ts";
import { redactedMessage } from "./redact.ts";
import { plain, tooManyRequests } from "./respond.ts";

export type SearchLog = ReturnType<typeof searchLogStore>;

/** What the endpoint accepts: a report as core/search/log.ts describes it, each value bounded. */
const SearchLogEventSchema: z.ZodType<SearchLogEvent> = z.union([
  z.strictObject({ q: z.string().min(1).max(LOGGED_QUERY_MAX * 4), found: z.number().int().min(0).max(1_000_000) }),
  z.strictObject({
    q: z.string().min(1).max(LOGGED_QUERY_MAX * 4),
    url: z.string().min(1).max(500).regex(/^\/[^\s]*$/),
    position: z.number().int().min(1).max(LOGGED_POSITION_MAX),
  }),
]);


export type SearchLogDeps = {
  id: string;
  visitor: string;
  store: SearchLog | undefined;
  limiter: RateLimiter;
  /** ANALYTICS_REQUIRE_CONSENT: only a visitor who agreed to analytics is counted; otherwise anyone who did not refuse. */
  requireConsent: boolean;
  now: () => number;
  /** The site's public origin. */
  origin: string;
  log: Logger;
};

/**
 * A search page's report (POST SEARCH_LOG_PATH, JSON, core/search/log.ts): a query answered or a
 * result followed, counted for its week. Nothing of the request but the query and the result is
 * read into the count: not the address, not the cookie (it is only looked at for the visitor's
 * consent). A query that looks like an e-mail, a phone or a long number is dropped unread; a
 * report from another site's page is refused (403). Always
 * 204 for a well-formed report, whatever was counted, so the page learns nothing from the answer.
 */
export async function answerSearchLog(req: IncomingMessage, res: ServerResponse, deps: SearchLogDeps): Promise<void> {
  // Another site's page cannot fill the table with queries through its visitors' browsers.
  if (isCrossSite(req, deps.origin)) return refuseUnread(req, res, 403, "Отчёт поиска принимается только со\u00a0страниц сайта");
  const decision = deps.limiter.take(deps.visitor);
  if (!decision.allowed) return tooManyRequests(res, decision.retryAfterSeconds);
  const body = await readBody(req, SEARCH_LOG_BODY_MAX);
  if (body === null) return refuseUnread(req, res, 413, BODY_MESSAGES.tooLarge(SEARCH_LOG_BODY_MAX));
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  // sendBeacon sends a string as text/plain: no preflight, the same body.
  if (type !== "application/json" && type !== "text/plain") return plain(res, 415, "Unsupported Media Type");
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return plain(res, 400, "Отчёт поиска не читается как JSON");
  }
  const event = SearchLogEventSchema.safeParse(parsed);
  if (!event.success) return plain(res, 400, "Отчёт поиска не по форме: нужен запрос и число найденного или переход по результату");
  const cookie = req.headers.cookie ?? "";
  const allowed = analyticsCounted(cookie, deps.requireConsent);
  const query = loggedQuery(event.data.q);
  if (allowed && query !== null && deps.store) {
    const week = weekOf(deps.now());
    try {
      if ("found" in event.data) await deps.store.searched(week, query, event.data.found);
      else await deps.store.followed(week, query, event.data.url, event.data.position);
    } catch (error) {
      // A count lost is not worth a visitor's error: logged without the query.
      deps.log.warn("search log not stored", { id: deps.id, error: redactedMessage(error) });
    }
  }
  res.statusCode = 204;
  res.setHeader("Cache-Control", "no-store");
  res.end();
}
