import type { IncomingMessage, ServerResponse } from "node:http";
import { CSP_REPORT_PATH } from "./csp.ts";
import { answerCspReport, CSP_REPORT_MAX_BYTES } from "./csp-report.ts";
import { answerHealth, type Readiness } from "./health.ts";
import type { Logger } from "./log.ts";
import type { RateLimiter } from "./rate-limit.ts";
import { plain } from "./respond.ts";
import { SEARCH_LOG_BODY_MAX, SEARCH_LOG_PATH } from "#core/search/log.ts";
import { answerSearchLog, type SearchLog } from "./search-log.ts";

/** What the search log's endpoint counts with: the store (absent: nothing is counted), whose consent it needs, reports per visitor. */
export type SearchLogOptions = { store: SearchLog | undefined; requireConsent: boolean; limiter: RateLimiter; now: () => number };

/** What one of the site's own endpoints gets from the pipeline for a request. */
export type EndpointContext = {
  id: string;
  /** The site's public origin: a report from another site's page is refused. */
  origin: string;
  visitor: string;
  readiness: Readiness;
  reportLimiter: RateLimiter;
  searchLog?: SearchLogOptions;
  log: Logger;
  isShuttingDown: () => boolean;
};

type Method = "GET" | "HEAD" | "POST";

/**
 * The site process's own HTTP endpoints: everything it answers that is neither a page or a form of
 * React Router's routes (app/routes.ts) nor the studio's API (its route tables in
 * server/studio/api/, each route with its permission, which the studio's router enforces). Each
 * with its methods, who may call it and the largest body it reads; the pipeline answers them from
 * here (server/pipeline.ts) and refuses other methods with 405. tests/http/endpoints.test.ts walks
 * the table.
 */
export type SiteEndpoint = {
  path: string;
  methods: readonly Method[];
  /** Every one is public: the site has no sign-in of its own. */
  access: "public";
  /** The largest body it reads, in bytes; 0: none. */
  bodyLimit: number;
  /**
   * A balancer's probe: answered before anything else, at this exact target only, neither logged
   * nor rate-limited (they come every few seconds from every balancer).
   */
  probe: boolean;
  answer(req: IncomingMessage, res: ServerResponse, context: EndpointContext): Promise<void>;
};

/** A balancer's probe of health (`/healthz`) or readiness (`/readyz`): health.ts answers both. */
const probe = (path: "/healthz" | "/readyz"): SiteEndpoint => ({
  path,
  methods: ["GET", "HEAD"],
  access: "public",
  bodyLimit: 0,
  probe: true,
  answer: (req, res, c) => answerHealth(req, res, path, c.readiness, c.isShuttingDown),
});

export const SITE_ENDPOINTS: readonly SiteEndpoint[] = [
  probe("/healthz"),
  probe("/readyz"),
  {
    path: CSP_REPORT_PATH,
    methods: ["POST"],
    access: "public",
    bodyLimit: CSP_REPORT_MAX_BYTES,
    probe: false,
    answer: (req, res, c) => answerCspReport(req, res, { id: c.id, visitor: c.visitor, limiter: c.reportLimiter, log: c.log }),
  },
  {
    // The search page's report of a query answered or a result followed (core/search/log.ts).
    path: SEARCH_LOG_PATH,
    methods: ["POST"],
    access: "public",
    bodyLimit: SEARCH_LOG_BODY_MAX,
    probe: false,
    answer: (req, res, c) =>
      answerSearchLog(req, res, {
        id: c.id,
        visitor: c.visitor,
        store: c.searchLog?.store,
        limiter: c.searchLog?.limiter ?? c.reportLimiter,
        requireConsent: c.searchLog?.requireConsent ?? true,
        now: c.searchLog?.now ?? Date.now,
        origin: c.origin,
        log: c.log,
      }),
  },
];

const BY_PATH = new Map(SITE_ENDPOINTS.map((endpoint) => [endpoint.path, endpoint]));

/** The endpoint at this path, if any. */
export const siteEndpoint = (path: string): SiteEndpoint | undefined => BY_PATH.get(path);

/** Answers a request through its endpoint: a method the table does not list is refused with 405. */
export function answerEndpoint(endpoint: SiteEndpoint, req: IncomingMessage, res: ServerResponse, context: EndpointContext): Promise<void> {
  if (!(endpoint.methods as readonly string[]).includes(req.method ?? "GET")) {
    res.setHeader("Allow", endpoint.methods.join(", "));
    plain(res, 405, "Method Not Allowed");
    return Promise.resolve();
  }
  return endpoint.answer(req, res, context);
}
