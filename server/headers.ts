import type { ServerResponse } from "node:http";

/**
 * Headers every response carries, whatever produced it (page, redirect,
 * static file, data request, error).
 */
const BASELINE: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
};

export function applyBaselineHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(BASELINE)) res.setHeader(name, value);
}
