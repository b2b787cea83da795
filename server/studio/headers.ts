import type { ServerResponse } from "node:http";
import { CSP_REPORT_PATH } from "../csp.ts";

/**
 * What every studio response adds to the site's security headers (already
 * set by server/pipeline.ts): its own policy, stricter than the site's (no inline
 * script or style at all: the studio is a bundle of files, nothing is
 * prerendered into its pages), never indexed, never cached.
 * `frame-src 'self'` is for the preview of pages to come. `viteStyles`: the dev server's
 * studio, whose stylesheets Vite inserts as `<style>` elements (and replaces on an edit).
 */
export function studioCsp(upgradeInsecureRequests: boolean, viteStyles = false): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    viteStyles ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
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

/**
 * A rendered preview of a site page, shown in the studio's frames: framed by
 * the studio only (the rest of the studio may not be framed at all), styles
 * and images of the site, no script whatsoever (previews carry none).
 */
export function applyPreviewHeaders(res: ServerResponse): void {
  res.setHeader(
    "Content-Security-Policy",
    [
      "default-src 'none'",
      "style-src 'self'",
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      "frame-ancestors 'self'",
      "form-action 'none'",
      "base-uri 'none'",
    ].join("; "),
  );
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("X-Robots-Tag", "noindex, nofollow");
  res.setHeader("Cache-Control", "no-store");
}
