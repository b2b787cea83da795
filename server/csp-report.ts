import type { IncomingMessage, ServerResponse } from "node:http";
import { BODY_MESSAGES, readBody, refuseUnread } from "./body.ts";
import type { Logger } from "./log.ts";
import type { RateLimiter } from "./rate-limit.ts";
import { plain, tooManyRequests } from "./respond.ts";
/**
 * CSP violation reports, in both shapes browsers send: `report-uri`
 * (application/csp-report, one object) and the Reporting API
 * (application/reports+json, a list). Reduced to what helps fix a policy;
 * URLs lose their query and fragment, samples of page text are dropped.
 */
export type CspViolation = {
  directive: string;
  blocked: string;
  page: string;
  source?: string;
  line?: number;
  column?: number;
  disposition?: string;
};

export const CSP_REPORT_TYPES = ["application/csp-report", "application/reports+json", "application/json"];
export const CSP_REPORT_MAX_BYTES = 16_384;
/** Reports logged from one request body; a page with many violations sends them in batches. */
const MAX_PER_BODY = 20;

type Fields = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 200) : "");
const integer = (value: unknown) => (typeof value === "number" && Number.isInteger(value) ? value : undefined);

/** `https://host/path` without query or fragment; CSP keywords (`inline`, `eval`, `data`) as they are. */
export function reportUrl(value: unknown): string {
  const raw = text(value);
  if (/^[a-z][a-z-]*$/.test(raw)) return raw;
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? `${url.origin}${url.pathname}`.slice(0, 200) : url.protocol;
  } catch {
    return raw === "" ? "" : "unparsable";
  }
}

function fromLegacy(report: Fields): CspViolation {
  return {
    directive: text(report["effective-directive"] ?? report["violated-directive"]),
    blocked: reportUrl(report["blocked-uri"]),
    page: reportUrl(report["document-uri"]),
    source: report["source-file"] ? reportUrl(report["source-file"]) : undefined,
    line: integer(report["line-number"]),
    column: integer(report["column-number"]),
    disposition: text(report.disposition) || undefined,
  };
}

function fromReportingApi(body: Fields): CspViolation {
  return {
    directive: text(body.effectiveDirective),
    blocked: reportUrl(body.blockedURL),
    page: reportUrl(body.documentURL),
    source: body.sourceFile ? reportUrl(body.sourceFile) : undefined,
    line: integer(body.lineNumber),
    column: integer(body.columnNumber),
    disposition: text(body.disposition) || undefined,
  };
}

const isObject = (value: unknown): value is Fields => typeof value === "object" && value !== null && !Array.isArray(value);

/** The violations in a report body; anything else (bad JSON, other report types) gives none. */
export function parseCspReports(body: string): CspViolation[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return [];
  }
  if (isObject(json) && isObject(json["csp-report"])) return [fromLegacy(json["csp-report"])];
  if (!Array.isArray(json)) return [];
  return json
    .filter((entry): entry is Fields => isObject(entry) && entry.type === "csp-violation" && isObject(entry.body))
    .slice(0, MAX_PER_BODY)
    .map((entry) => fromReportingApi(entry.body as Fields));
}

/**
 * A report's request (POST to CSP_REPORT_PATH): a shape browsers send, limited per visitor, its body
 * bounded; each violation is a warning in the log, answered 204.
 */
export async function answerCspReport(req: IncomingMessage, res: ServerResponse, { id, visitor, limiter, log }: { id: string; visitor: string; limiter: RateLimiter; log: Logger }): Promise<void> {
  if (req.method !== "POST") {
    res.setHeader("Allow", "POST");
    return plain(res, 405, "Method Not Allowed");
  }
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!CSP_REPORT_TYPES.includes(type)) return plain(res, 415, "Unsupported Media Type");
  const decision = limiter.take(visitor);
  if (!decision.allowed) return tooManyRequests(res, decision.retryAfterSeconds);
  const body = await readBody(req, CSP_REPORT_MAX_BYTES);
  if (body === null) return refuseUnread(req, res, 413, BODY_MESSAGES.tooLarge(CSP_REPORT_MAX_BYTES));
  for (const violation of parseCspReports(body.toString("utf8"))) log.warn("csp violation", { id, ...violation });
  res.statusCode = 204;
  res.setHeader("Cache-Control", "no-store");
  res.end();
}
