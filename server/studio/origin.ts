import type { IncomingMessage } from "node:http";

/**
 * Cross-site writes are refused (ASVS V4.2.2, V13.2.3): a request that can
 * change something must come from a page of our own origin. Browsers send
 * `Origin` with every such request, and `Sec-Fetch-Site` where they support
 * it; either naming another site is enough to refuse. A write with no
 * `Origin` is refused too: the studio's own pages always send one.
 * SameSite=Strict on the cookie is the second lock on the same door.
 */
const SAFE_METHODS = new Set(["GET", "HEAD"]);

export function isWrite(method: string | undefined): boolean {
  return !SAFE_METHODS.has(method ?? "GET");
}

export function isSameOriginWrite(req: IncomingMessage, origin: string): boolean {
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin") return false;
  return req.headers.origin === origin;
}
