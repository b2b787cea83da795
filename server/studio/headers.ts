import type { ServerResponse } from "node:http";
import { CSP_REPORT_PATH } from "../csp.ts";

/**
 * What every studio response adds to the site's security headers (already
 * set by server/app.ts): its own policy, stricter than the site's (no inline
 * script or style at all: the studio is a bundle of files, nothing is
 * prerendered into its pages), never indexed, never cached.
 * `frame-src 'self'` is for the preview of pages to come.
 */
export function studioCsp(upgradeInsecureRequests: boolean): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    ...(upgradeInsecureRequests ? ["upgrade-insecure-requests"] : []),
    `report-uri ${CSP_REPORT_PATH}`,
  ].join("; ");
}

export function applyStudioHeaders(res: ServerResponse, csp: string): void {
  res.setHeader("Content-Security-Policy", csp);
  res.setHeader("X-Robots-Tag", "noindex, nofollow");
  res.setHeader("Cache-Control", "no-store");
}
