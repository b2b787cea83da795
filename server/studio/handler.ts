import type { IncomingMessage, ServerResponse } from "node:http";
import { safeQuery } from "#core/lib/url.ts";
import { isStudioPage, signInHref, STUDIO_API, STUDIO_BASE, studioHref } from "#core/studio/paths.ts";
import { StoreUnavailableError } from "../leads/db.ts";
import type { Logger } from "../log.ts";
import { clientAddress, createRateLimiter, rateLimitKey } from "../rate-limit.ts";
import { redirect } from "../respond.ts";
import type { Client } from "./auth.ts";
import { createContext, type StudioServices } from "./context.ts";
import { sendFile, type StudioFiles } from "./files.ts";
import { applyStudioHeaders } from "./headers.ts";
import { HttpError, MESSAGES, sendError } from "./http.ts";
import { isSameOriginWrite, isWrite } from "./origin.ts";
import { type ApiRoute, createRouter, dispatch } from "./router.ts";

/**
 * The studio's HTTP entry: /studio/ and everything under it, handed over by
 * server/pipeline.ts before the site plans anything (the site's security headers
 * are already set). Order: the studio's own headers; writes only from our
 * origin (403); the per-visitor rate limit; then the API (JSON), the app's
 * files, or the app's page (signed-out visitors are sent to sign in first).
 */
export type StudioHandlerOptions = {
  services: StudioServices;
  routes: readonly ApiRoute[];
  files: StudioFiles;
  csp: string;
  /** False until the store's migrations have run: the API answers 503 meanwhile. */
  isReady: () => boolean;
  rateLimit: { perMinute: number; burst: number };
};

export function createStudioHandler(options: StudioHandlerOptions) {
  const { services, files, csp } = options;
  const match = createRouter(options.routes);
  const limiter = createRateLimiter(options.rateLimit);
  const { config } = services;

  function client(req: IncomingMessage): Client {
    const address = clientAddress(req, config.trustedProxyHops);
    return { ip: address.replace(/^::ffff:/, "") || "unknown", addressKey: rateLimitKey(address) };
  }

  function fail(req: IncomingMessage, res: ServerResponse, error: unknown, log: Logger, id: string, pathname: string) {
    if (error instanceof HttpError) return sendError(req, res, error);
    if (error instanceof StoreUnavailableError) return sendError(req, res, new HttpError(503, MESSAGES.unavailable, undefined, { "Retry-After": "30" }));
    log.error("studio request failed", { id, path: pathname, error });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendError(req, res, new HttpError(500, MESSAGES.failed));
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, who: Client) {
    if (!options.isReady()) throw new HttpError(503, MESSAGES.unavailable, undefined, { "Retry-After": "5" });
    const found = match(req.method ?? "GET", url.pathname.slice(STUDIO_API.length));
    if (!found) throw new HttpError(404, MESSAGES.notFound);
    if ("allow" in found) throw new HttpError(405, MESSAGES.method, undefined, { Allow: found.allow.join(", ") });
    await dispatch(found.route, createContext(req, res, url, found.params, who, services));
  }

  async function page(req: IncomingMessage, res: ServerResponse, url: URL, search: string) {
    const { pathname } = url;
    if (req.method !== "GET" && req.method !== "HEAD") throw new HttpError(405, MESSAGES.method, undefined, { Allow: "GET, HEAD" });
    if (!pathname.endsWith("/") && isStudioPage(`${pathname}/`)) return redirect(res, 301, `${pathname}/${safeQuery(search)}`);
    if (!files.page) throw new HttpError(503, "Студия не\u00a0собрана: выполните npm run build");
    const known = isStudioPage(pathname);
    if (known && pathname !== studioHref("signIn")) {
      const signedIn = options.isReady() ? await services.auth.current(req) : null;
      if (!signedIn) {
        res.setHeader("Cache-Control", "no-store");
        return redirect(res, 302, signInHref(pathname + search));
      }
    }
    // Unknown addresses get the app too, with 404: it shows its own «not found» page.
    sendFile(req, res, files.page, known ? 200 : 404, false);
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, log: Logger, id: string): Promise<void> {
    applyStudioHeaders(res, csp);
    const target = req.url ?? STUDIO_BASE;
    const queryAt = target.indexOf("?");
    const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
    const search = queryAt === -1 ? "" : target.slice(queryAt);
    try {
      if (isWrite(req.method) && !isSameOriginWrite(req, config.origin)) throw new HttpError(403, MESSAGES.crossSite);
      if (rawPath === STUDIO_BASE) return redirect(res, 301, `${STUDIO_BASE}/${safeQuery(search)}`);
      const asset = files.asset(rawPath);
      if (asset && (req.method === "GET" || req.method === "HEAD")) return sendFile(req, res, asset, 200, true);
      if (rawPath.startsWith(`${STUDIO_BASE}/assets/`)) throw new HttpError(404, MESSAGES.notFound);
      const who = client(req);
      const decision = limiter.take(who.addressKey);
      if (!decision.allowed) {
        throw new HttpError(429, "Слишком много запросов. Подождите немного.", undefined, { "Retry-After": String(decision.retryAfterSeconds) });
      }
      let url: URL;
      try {
        url = new URL(target, config.origin);
      } catch {
        throw new HttpError(400, MESSAGES.notFound);
      }
      if (url.pathname !== rawPath) throw new HttpError(404, MESSAGES.notFound);
      if (rawPath === STUDIO_API || rawPath.startsWith(`${STUDIO_API}/`)) await api(req, res, url, who);
      else await page(req, res, url, search);
    } catch (error) {
      fail(req, res, error, log, id, rawPath);
    }
  };
}
