import type { IncomingMessage } from "node:http";

/** What a browser says of a request started by our own pages (or typed into its address bar). */
const SAME_SITE_FETCH = new Set(["same-origin", "none"]);

/**
 * Whether a request was sent by another site's page: by the browser's Sec-Fetch-Site where it
 * sends one, else by its Origin. Browsers send Origin with every POST; a tool without one is no
 * cross-site threat. The forms' guard (server/leads/guard.ts) and the search page's reports
 * (server/search-log.ts) refuse such requests.
 */
export function isCrossSite(req: IncomingMessage, origin: string): boolean {
  const site = req.headers["sec-fetch-site"];
  if (typeof site === "string") return !SAME_SITE_FETCH.has(site);
  const from = req.headers.origin;
  return from !== undefined && from !== origin;
}
