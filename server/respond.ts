import type { ServerResponse } from "node:http";

/** Small, final answers: status and a plain-text reason, never cached. */
export function plain(res: ServerResponse, status: number, message: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(message);
}

export function redirect(res: ServerResponse, status: number, location: string): void {
  res.statusCode = status;
  res.setHeader("Location", location);
  res.setHeader("Cache-Control", status === 301 || status === 308 ? "public, max-age=3600" : "no-store");
  res.end();
}

export function tooManyRequests(res: ServerResponse, retryAfterSeconds: number): void {
  res.setHeader("Retry-After", String(retryAfterSeconds));
  plain(res, 429, "Too Many Requests");
}
