import type { IncomingMessage, ServerResponse } from "node:http";
import { MESSAGES as M } from "#core/forms/messages.ts";
import { refuseUnread } from "../body.ts";
import { clientIp, createRateLimiter } from "../rate-limit.ts";

/**
 * Checks every request that could run a form action (any method but GET and
 * HEAD to the forms' addresses, their `.data` variants included) before React
 * Router reads a byte of it: cross-site posts (403),
 * foreign content types (415), missing or excessive length (411/413), too
 * many posts from one address (429 with Retry-After).
 */
export const FORM_BODY_LIMIT = 64 * 1024;
/** A 5 MB CV plus the other fields and multipart framing. */
export const JOB_BODY_LIMIT = 6 * 1024 * 1024;
/**
 * Form posts handled at once; the rest wait with their bodies unread (in the
 * kernel's buffers, not in memory). Rendering a burst of requests all at once
 * costs far more memory than it saves time: storage commits one at a time anyway.
 */
export const CONCURRENT_POSTS = 4;
/** Beyond this many waiting, posts are turned away at once (503) rather than queued. */
export const MAX_WAITING_POSTS = 2_000;
/**
 * A post that waited this long is turned away (503, retry): the server's
 * requestTimeout (30 s) would otherwise cut its connection without an answer.
 */
export const MAX_WAIT_MS = 10_000;

/** The forms' addresses: /forms/<kind>/, /api/forms/<kind>/, /sub/confirm/ (and `x.data`, `x/_.data`). */
const FORM_PATH = /^\/(forms|api\/forms|sub\/confirm)[/.]/;
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data\s*;\s*boundary=)/i;
const SAME_SITE_FETCH = new Set(["same-origin", "none"]);

export type GuardConfig = {
  origin: string;
  rateLimit: { limit: number; windowMs: number };
  /** Proxies in front that append to X-Forwarded-For (TRUSTED_PROXY_HOPS). */
  trustedProxyHops: number;
  /** Defaults: CONCURRENT_POSTS at once, MAX_WAIT_MS in the queue. */
  queue?: { concurrency: number; maxWaitMs: number };
};

/**
 * The path as React Router matches it, so that no spelling of a form's address
 * reaches the form without the guard: the URL parser's normalisation (dot
 * segments, backslashes, tabs), every segment percent-decoded, letters folded
 * (routes match whatever the case), runs of slashes as one.
 */
export function routedPath(pathname: string): string {
  let parsed: string;
  try {
    parsed = new URL(pathname, "http://site.invalid").pathname;
  } catch {
    parsed = pathname;
  }
  const decoded = parsed
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
  return decoded.toLowerCase().replace(/\/{2,}/g, "/");
}

function bodyLimit(path: string): number {
  return /^\/(api\/)?forms\/job[/.]/.test(path) ? JOB_BODY_LIMIT : FORM_BODY_LIMIT;
}

/**
 * A weighted semaphore, first come first served: `acquire(n)` resolves when
 * n of `size` slots are free. A post with a CV takes them all: uploads are
 * parsed one at a time, small forms a few at a time.
 */
function createSlots(size: number) {
  let free = size;
  const waiting: Array<{ weight: number; go: () => void }> = [];
  function admit() {
    while (waiting[0] && waiting[0].weight <= free) {
      const next = waiting.shift() as { weight: number; go: () => void };
      free -= next.weight;
      next.go();
    }
  }
  return {
    waiting: () => waiting.length,
    /** Resolves with the release function, or with null after `timeoutMs` in the queue. */
    acquire(weight: number, timeoutMs: number): Promise<(() => void) | null> {
      const release = () => {
        free += weight;
        admit();
      };
      return new Promise((resolve) => {
        const entry = {
          weight,
          go: () => {
            clearTimeout(timer);
            resolve(release);
          },
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          resolve(null);
          admit();
        }, timeoutMs);
        waiting.push(entry);
        admit();
      });
    },
  };
}

export function createFormGuard(config: GuardConfig) {
  // `limit` posts at once, then the window's average rate.
  const { limit, windowMs } = config.rateLimit;
  const limiter = createRateLimiter({ burst: limit, perMinute: (limit * 60_000) / windowMs });
  const queue = config.queue ?? { concurrency: CONCURRENT_POSTS, maxWaitMs: MAX_WAIT_MS };
  const slots = createSlots(queue.concurrency);

  function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
    // Answered at once; the unread body is drained before the connection closes, so a client
    // still uploading (with `Connection: close` too) sees the answer rather than a reset.
    refuseUnread(req, res, status, message, headers);
    return true;
  }

  function crossSite(req: IncomingMessage): boolean {
    const site = req.headers["sec-fetch-site"];
    if (typeof site === "string") return !SAME_SITE_FETCH.has(site);
    const origin = req.headers.origin;
    // Browsers send Origin with every POST; tools without one are not a cross-site threat.
    return origin !== undefined && origin !== config.origin;
  }

  /** True when it answered (the request is refused); otherwise resolves once the post may be handled. */
  async function guard(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    if (!owns(req, pathname)) return false;
    const ip = clientIp(req, config.trustedProxyHops);
    if (crossSite(req)) return refuse(req, res, 403, M.form.crossSite);
    if (!FORM_TYPES.test(req.headers["content-type"] ?? "")) return refuse(req, res, 415, M.form.wrongType);
    const length = req.headers["content-length"];
    if (length === undefined) return refuse(req, res, 411, M.form.lengthRequired);
    if (Number(length) > bodyLimit(routedPath(pathname))) return refuse(req, res, 413, M.form.tooLarge);
    const decision = limiter.take(ip);
    if (!decision.allowed) return refuse(req, res, 429, M.form.tooMany, { "Retry-After": String(decision.retryAfterSeconds) });
    if (slots.waiting() >= MAX_WAITING_POSTS) return refuse(req, res, 503, M.form.unavailable, { "Retry-After": "30" });
    const release = await slots.acquire(Number(length) > FORM_BODY_LIMIT ? queue.concurrency : 1, queue.maxWaitMs);
    if (!release) return refuse(req, res, 503, M.form.unavailable, { "Retry-After": "10" });
    // The client may have gone while it waited: its turn ends at once.
    if (req.socket.destroyed) {
      release();
      return true;
    }
    res.once("close", release);
    return false;
  }

  return Object.assign(guard, { owns });
}

export type FormGuard = ReturnType<typeof createFormGuard>;

/**
 * Whether the guard answers for this request: a post to a form's address, in
 * any spelling the router takes for it, whose body limits are its own. The one
 * place that decides which requests are form posts.
 */
function owns(req: IncomingMessage, pathname: string): boolean {
  return req.method !== "GET" && req.method !== "HEAD" && FORM_PATH.test(routedPath(pathname));
}
