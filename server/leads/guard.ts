import type { IncomingMessage, ServerResponse } from "node:http";
import { FORM_KINDS, type FormKind } from "#core/forms/kinds.ts";
import { formAddressPattern } from "#core/lib/addresses.ts";
import { MESSAGES as M } from "#core/forms/messages.ts";
import { formParts } from "#core/forms/schemas.ts";
import { refuseUnread } from "../body.ts";
import { isCrossSite } from "../cross-site.ts";
import { clientIp, createRateLimiter, rateLimitKey } from "../rate-limit.ts";
import { type FormShape, formBodyProblem, MIN_UPLOAD_BYTES_PER_SECOND, spoolBody, UPLOAD_GRACE_MS, type UploadPace } from "./form-body.ts";
import { isFormType, parseFormType } from "../web/multipart.ts";

/**
 * Checks every request that could run a form action (any method but GET and
 * HEAD to the forms' addresses, their `.data` variants included) before React
 * Router reads a byte of it: cross-site posts (403),
 * foreign content types (415), an ambiguous multipart boundary (400), missing
 * or excessive length (411/413), too many posts from one address or /64
 * (429 with Retry-After), no room left in SPOOL_BUDGET_BYTES (503). Then it
 * reads the whole body (form-body.ts: cut with 408 when slower than the
 * minimum rate) and checks it against the form's own parts (400 otherwise);
 * only then does the post take its turn, and React Router gets the body from
 * memory under a Content-Type rebuilt from what was checked.
 */
export const FORM_BODY_LIMIT = 64 * 1024;
/** A 5 MB CV plus the other fields and multipart framing. */
export const JOB_BODY_LIMIT = 6 * 1024 * 1024;
/**
 * Form posts handled at once, once their bodies have arrived; the rest wait.
 * Rendering a burst of requests all at once costs far more memory than it
 * saves time: storage commits one at a time anyway. Posts with a CV (over
 * FORM_BODY_LIMIT) have a queue of their own, one at a time, so small forms
 * never wait behind an upload, and a body still on its way holds no turn at all.
 */
export const CONCURRENT_POSTS = 4;
export const CONCURRENT_UPLOADS = 1;
/**
 * Bytes of form bodies held in memory at once, counted by their declared
 * Content-Length from before the first byte is read until the response
 * closes: bodies still arriving, waiting for a turn and being handled alike.
 * Without it, 2,000 waiting uploads of 6 MB each could hold 12 GB. 64 MB is
 * ten CVs at the limit and a thousand small forms, far over honest traffic
 * and far under the server's memory; a post that does not fit is answered
 * 503 with Retry-After before its body is read.
 */
export const SPOOL_BUDGET_BYTES = 64 * 1024 * 1024;
/** Beyond this many waiting, posts are turned away at once (503) rather than queued. */
export const MAX_WAITING_POSTS = 2_000;
/**
 * A post that waited this long is turned away (503, retry): the server's
 * requestTimeout (30 s) would otherwise cut its connection without an answer.
 */
export const MAX_WAIT_MS = 10_000;

/** The forms' addresses: /forms/<kind>/, /api/forms/<kind>/, /sub/confirm/ (and `x.data`, `x/_.data`). */
const FORM_PATH = formAddressPattern();

export type GuardConfig = {
  origin: string;
  rateLimit: { limit: number; windowMs: number };
  /** Proxies in front that append to X-Forwarded-For (TRUSTED_PROXY_HOPS). */
  trustedProxyHops: number;
  /** Defaults: CONCURRENT_POSTS small posts and CONCURRENT_UPLOADS with a CV at once, MAX_WAIT_MS in the queue. */
  queue?: { concurrency: number; uploads?: number; maxWaitMs: number };
  /** Defaults: MIN_UPLOAD_BYTES_PER_SECOND after UPLOAD_GRACE_MS. */
  pace?: UploadPace;
  /** Default: SPOOL_BUDGET_BYTES. */
  spoolBudgetBytes?: number;
};

/** A post let through: its checked body, and the Content-Type it was checked under (canonical). */
export type Admitted = { body: Buffer; contentType: string };

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

const CONFIRM_SHAPE: FormShape = { names: new Set(["token"]), files: new Set() };
const NO_SHAPE: FormShape = { names: new Set(), files: new Set() };

/** The parts the form at this (routed) path takes; an address that is no form takes none. */
function shapeOf(path: string): FormShape {
  if (/^\/sub\/confirm[/.]/.test(path)) return CONFIRM_SHAPE;
  const kind = /^\/(?:api\/)?forms\/([a-z]+)[/.]/.exec(path)?.[1];
  return kind && (FORM_KINDS as readonly string[]).includes(kind) ? formParts(kind as FormKind) : NO_SHAPE;
}

/**
 * A weighted semaphore, first come first served: `acquire(n)` resolves when
 * n of `size` slots are free. The guard keeps two, each post taking one slot:
 * small forms a few at a time, posts with a CV one at a time.
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
  const pace = config.pace ?? { minBytesPerSecond: MIN_UPLOAD_BYTES_PER_SECOND, graceMs: UPLOAD_GRACE_MS };
  const small = createSlots(queue.concurrency);
  const large = createSlots(queue.uploads ?? CONCURRENT_UPLOADS);
  /** Addresses with a post over FORM_BODY_LIMIT under way: one each at a time. */
  const uploading = new Set<string>();
  const budget = config.spoolBudgetBytes ?? SPOOL_BUDGET_BYTES;
  /** Declared bytes of the bodies reserved now (see SPOOL_BUDGET_BYTES). */
  let spooling = 0;

  function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
    // Answered at once; the unread body is drained before the connection closes, so a client
    // still uploading (with `Connection: close` too) sees the answer rather than a reset.
    refuseUnread(req, res, status, message, headers);
    return true;
  }

  /**
   * False when the request is no form post; true when it answered (the request is refused);
   * otherwise the post's whole body, once the post may be handled.
   */
  async function guard(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean | Admitted> {
    if (!owns(req, pathname)) return false;
    // Per address, and per /64 for IPv6 (one host has them all), as the site's own limiter.
    const ip = rateLimitKey(clientIp(req, config.trustedProxyHops));
    if (isCrossSite(req, config.origin)) return refuse(req, res, 403, M.form.crossSite);
    const contentType = req.headers["content-type"] ?? "";
    if (!isFormType(contentType)) return refuse(req, res, 415, M.form.wrongType);
    const type = parseFormType(contentType);
    if (!type) return refuse(req, res, 400, M.form.malformed);
    const length = req.headers["content-length"];
    if (length === undefined) return refuse(req, res, 411, M.form.lengthRequired);
    const path = routedPath(pathname);
    const bytes = Number(length);
    if (!(bytes <= bodyLimit(path))) return refuse(req, res, 413, M.form.tooLarge);
    const decision = limiter.take(ip);
    if (!decision.allowed) return refuse(req, res, 429, M.form.tooMany, { "Retry-After": String(decision.retryAfterSeconds) });
    const upload = bytes > FORM_BODY_LIMIT;
    if (upload) {
      if (uploading.has(ip)) return refuse(req, res, 429, M.form.busy, { "Retry-After": "10" });
      uploading.add(ip);
      res.once("close", () => uploading.delete(ip));
    }
    if (spooling + bytes > budget) return refuse(req, res, 503, M.form.unavailable, { "Retry-After": "10" });
    spooling += bytes;
    res.once("close", () => {
      spooling -= bytes;
    });
    const spooled = await spoolBody(req, bytes, pace);
    // A client gone mid-body has no one to answer.
    if ("problem" in spooled) return spooled.problem === "gone" || refuse(req, res, 408, M.form.tooSlow);
    if (formBodyProblem(spooled.body, type, shapeOf(path))) return refuse(req, res, 400, M.form.malformed);
    const slots = upload ? large : small;
    if (slots.waiting() >= MAX_WAITING_POSTS) return refuse(req, res, 503, M.form.unavailable, { "Retry-After": "30" });
    const release = await slots.acquire(1, queue.maxWaitMs);
    if (!release) return refuse(req, res, 503, M.form.unavailable, { "Retry-After": "10" });
    // The client may have gone while it waited: its turn ends at once.
    if (req.socket.destroyed) {
      release();
      return true;
    }
    res.once("close", release);
    return { body: spooled.body, contentType: type.canonical };
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
